/** /api/settings/deliverability (src/core/api/deliverability.ts): the sending address, 'Vérifier' and the self-test. */
import {
  readDeliverability as readEndpoint,
  removeSenderAddress as removeEndpoint,
  runSelfTest as selfTestEndpoint,
  saveSenderAddress as saveEndpoint,
  verifySenderDomain as verifyEndpoint,
} from '#core/api/deliverability';
import type { AppContext } from '../context';
import { route, type Route } from '../http/route';
import { runSelfTest } from './self-test';
import { readDeliverability, removeSenderAddress, saveSenderAddress, verifySenderDomain } from './service';

export function deliverabilityRoutes(ctx: AppContext): Route[] {
  return [
    route(readEndpoint, async ({ store }) => readDeliverability(ctx, store)),
    route(saveEndpoint, async ({ store, body }) => saveSenderAddress(ctx, store, body)),
    route(removeEndpoint, async ({ store }) => removeSenderAddress(ctx, store)),
    route(verifyEndpoint, async ({ store }) => verifySenderDomain(ctx, store)),
    route(selfTestEndpoint, async ({ store }) => runSelfTest(ctx, store)),
  ];
}
