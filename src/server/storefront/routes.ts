/** The storefront's endpoints for the merchant (decision 028): what it shows, its preview, moderation, its setting (decision 044). */
import { getStorefront, getStorefrontPreview, hideReview, hideReviewPhoto, listModeration, saveStorefrontSettings, showReview, showReviewPhoto } from '#core/api/storefront';
import { themeEditorLinks } from '#core/storefront';
import type { AppContext } from '../context';
import { route } from '../http/route';
import { merchantPhotosOf, moderatePhoto } from '../reviews/photos';
import { moderateReview, moderationPage, type ModerationRow } from './moderation';
import { saveStorefrontSettings as saveSettings, storefrontSettings } from './publication';
import { renderBlockPreview } from './preview';
import { hiddenPhotoCount, storefrontSnapshot } from './snapshot';

export function storefrontRoutes(ctx: AppContext) {
  /** The items with their photos, hidden ones included (decision 058), read in one query. */
  const withPhotos = async (items: ModerationRow[]) => {
    const photos = await merchantPhotosOf(
      ctx,
      ctx.db,
      items.map((item) => item.id),
    );
    return items.map((item) => ({ ...item, photos: photos.get(item.id) ?? [] }));
  };
  const withPhotosOf = async (item: ModerationRow) => (await withPhotos([item]))[0]!;
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
    route(listModeration, async ({ store, query }) => {
      const page = await moderationPage(ctx.db, store.id, query.filter, query.page);
      // Hidden photos are counted publicly too, beside hidden reviews (decision 058).
      return { ...page, items: await withPhotos(page.items), hidden_photo_count: await hiddenPhotoCount(ctx.db, store.id) };
    }),
    route(hideReview, async ({ store, params, body, session }) =>
      withPhotosOf(await moderateReview(ctx.db, store.id, params.id, body.reason, { userId: session.user.id, email: session.user.email })),
    ),
    route(showReview, async ({ store, params, session }) =>
      withPhotosOf(await moderateReview(ctx.db, store.id, params.id, null, { userId: session.user.id, email: session.user.email })),
    ),
    // A review's photo (decision 058): the same reasons, audited, counted publicly.
    route(hideReviewPhoto, async ({ store, params, body, session }) =>
      moderatePhoto(ctx, store.id, { reviewId: params.id, photoId: params.photoId }, body.reason, { userId: session.user.id, email: session.user.email }),
    ),
    route(showReviewPhoto, async ({ store, params, session }) =>
      moderatePhoto(ctx, store.id, { reviewId: params.id, photoId: params.photoId }, null, { userId: session.user.id, email: session.user.email }),
    ),
  ];
}
