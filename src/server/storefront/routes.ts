/** The storefront's endpoints for the merchant (decision 028): what it shows, its preview, moderation, its setting (decision 044). */
import { getStorefront, getStorefrontPreview, hideReview, listModeration, saveStorefrontSettings, showReview } from '#core/api/storefront';
import { themeEditorLinks } from '#core/storefront';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { moderateReview, moderationPage } from './moderation';
import { saveStorefrontSettings as saveSettings, storefrontSettings } from './publication';
import { renderBlockPreview } from './preview';
import { storefrontSnapshot } from './snapshot';

export function storefrontRoutes(ctx: AppContext) {
  return [
    route(getStorefront, async ({ store }) => {
      const links = themeEditorLinks(ctx.shopify.adminUrl(store.shop_domain), ctx.config.shopify.apiKey);
      return {
        shop_domain: store.shop_domain,
        block_editor_url: links.block,
        embed_editor_url: links.embed,
        snapshot: await storefrontSnapshot(ctx, store.id),
        settings: await storefrontSettings(ctx.db, store.id),
      };
    }),
    route(saveStorefrontSettings, async ({ store, body, session }) => saveSettings(ctx.db, store.id, body, { userId: session.user.id, email: session.user.email })),
    route(getStorefrontPreview, async ({ store }) => ({
      html: await renderBlockPreview(await storefrontSnapshot(ctx, store.id), { domain: store.shop_domain, name: store.shop_name ?? store.shop_domain }),
    })),
    route(listModeration, async ({ store, query }) => moderationPage(ctx.db, store.id, query.filter, query.page)),
    route(hideReview, async ({ store, params, body, session }) => moderateReview(ctx.db, store.id, params.id, body.reason, { userId: session.user.id, email: session.user.email })),
    route(showReview, async ({ store, params, session }) => moderateReview(ctx.db, store.id, params.id, null, { userId: session.user.id, email: session.user.email })),
  ];
}
