/**
 * /api/branding (src/core/api/branding.ts): the active store's visual identity and page texts, the
 * logo upload (stored, not yet saved: the identity's save keeps it) and the review page's preview.
 */
import {
  previewReviewPage as previewEndpoint,
  readBranding as readEndpoint,
  saveIdentity as saveIdentityEndpoint,
  savePage as savePageEndpoint,
  uploadBrandingLogo,
} from '#core/api/branding';
import type { AppContext } from '../context';
import { route, type Route } from '../http/route';
import { saveUploadedLogo } from '../media/logos';
import { previewReviewPage, readBranding, saveIdentity, savePage } from './service';

export function brandingRoutes(ctx: AppContext): Route[] {
  return [
    route(readEndpoint, async ({ store, query }) => readBranding(ctx, store, query.language)),
    route(saveIdentityEndpoint, async ({ store, body }) => saveIdentity(ctx, store, body)),
    route(savePageEndpoint, async ({ store, body }) => savePage(ctx, store, body)),
    route(uploadBrandingLogo, async ({ store, upload }) => saveUploadedLogo(ctx, upload, { kind: 'branding', storeId: store.id })),
    route(previewEndpoint, async ({ store, body }) => previewReviewPage(ctx, store, body)),
  ];
}
