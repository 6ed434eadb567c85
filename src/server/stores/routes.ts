/** The signed-in merchant's store: read it, disconnect it. */
import { currentStore, currentStoreAbsence, disconnectStore as disconnectStoreEndpoint, dismissStoreAbsence, type DisconnectOutcome } from '#core/api/stores';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';
import { syncBilling } from '../billing/sync';
import { cancelAndUninstall } from '../shopify/billing';
import { disconnectStore } from '../shopify/install-service';
import { findActiveStore } from './service';
import { dismissAbsence, findAwayStore, readStoreAbsence } from './absence';

export function storeRoutes(ctx: AppContext) {
  const log = ctx.log.child('stores');
  return [
    route(currentStore, async ({ session }) => {
      const store = await findActiveStore(ctx.db, session.user.id);
      if (store) return { store: { ...store, admin_url: ctx.shopify.adminUrl(store.shop_domain) }, away: null };
      // None connected: the one it last had, so the screens can say what Shopify still does (decision 045).
      return { store: null, away: await findAwayStore(ctx.db, session.user.id, (shop) => ctx.shopify.adminUrl(shop)) };
    }),

    route(currentStoreAbsence, async ({ store }) => ({ absence: await readStoreAbsence(ctx.db, store.id) })),
    route(dismissStoreAbsence, async ({ store, params }) => {
      await dismissAbsence(ctx.db, store.id, params.id);
      return { ok: true } as const;
    }),

    /**
     * The link here always ends (the merchant asked for it). With 'remove', Shopify is then asked to
     * cancel the subscription and uninstall the app, and what it did is answered step by step, so the
     * screen says whether billing really stopped; a step that failed leaves the merchant instructions
     * for Shopify's admin.
     */
    route(disconnectStoreEndpoint, async ({ session, store, body }) => {
      // Here first: the app/uninstalled that Shopify sends back may be processed before we answer.
      if (!(await disconnectStore(ctx.db, session.user.id, store.id))) throw new DomainError('no_store');
      const removal = body.shopify === 'remove' ? await cancelAndUninstall(ctx, ctx.shopify, { id: store.id, shopDomain: store.shop_domain }) : null;
      // What Shopify says now is recorded (the plan ended); Shopify's app/uninstalled will say it again.
      if (removal?.subscriptionCancelled)
        await syncBilling(ctx, store.id).catch((error: unknown) => log.warn('billing read after removal failed', { storeId: store.id, error: (error as Error).message }));
      log.info('store disconnected', { storeId: store.id, shopify: body.shopify, ...(removal ? { removal } : {}) });
      const outcome: DisconnectOutcome = {
        ok: true,
        shopify: {
          choice: body.shopify,
          subscription_cancelled: removal?.subscriptionCancelled ?? false,
          app_uninstalled: removal?.appUninstalled ?? false,
          failure: removal?.failure ?? null,
        },
      };
      return outcome;
    }),
  ];
}
