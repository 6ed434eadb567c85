/**
 * Reviews on the storefront (decision 028) for /app/storefront: what the storefront shows and the
 * theme editor's links, the block's preview, the moderation list page after page, hiding a review
 * for a stated reason and showing it again, and the same for one of its photos (decision 058).
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  getStorefront,
  getStorefrontPreview,
  hideReview,
  hideReviewPhoto,
  listModeration,
  saveStorefrontSettings,
  showReview,
  showReviewPhoto,
  type HideReason,
  type MerchantPhoto,
  type ModerationItem,
  type StorefrontSettings,
} from '#core/api/storefront';
import { call } from './client';
import { queryKeys } from './keys';

export { HIDE_REASONS, MODERATION_FILTERS, type HideReason, type MerchantPhoto, type ModerationItem } from '#core/api/storefront';
export type ModerationFilter = 'all' | 'visible' | 'hidden';

/** The store's storefront: its domain, the theme editor's deep links, what the metafield holds. */
export function useStorefront() {
  return useQuery({ queryKey: queryKeys.storefrontStatus, queryFn: ({ signal }) => call(getStorefront, { signal }) });
}

/** The app block rendered by the server from the extension's Liquid, as an HTML document for a sandboxed frame. */
export function useStorefrontPreview() {
  return useQuery({ queryKey: queryKeys.storefrontPreview, queryFn: async ({ signal }) => (await call(getStorefrontPreview, { signal })).html });
}

/** The store's reviews with their moderation, newest first, 20 a page. */
export function useModeration(filter: ModerationFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.storefrontModeration(filter),
    queryFn: ({ pageParam, signal }) => call(listModeration, { query: { filter, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next_page,
  });
}

/**
 * After a change of what the storefront shows: the status, the preview and the moderation list, and
 * the reviews list's and the dashboard's labels (« Publié » or why not) are read again.
 */
const publicationChanged = (queryClient: QueryClient) =>
  Promise.all([queryKeys.storefront, queryKeys.allReviews, queryKeys.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/** Hides a review for a reason, or (reason null) shows it again. */
export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ review, reason }: { review: Pick<ModerationItem, 'id'>; reason: HideReason | null }) =>
      reason ? call(hideReview, { params: { id: review.id }, body: { reason } }) : call(showReview, { params: { id: review.id } }),
    onSuccess: () => publicationChanged(queryClient),
  });
}

/**
 * Hides one photo of a review for a reason, or (reason null) shows it again. The lists are read
 * again before the mutation ends: a screen showing the photo sees its new state in its callback.
 */
export function useModeratePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, photo, reason }: { reviewId: string; photo: Pick<MerchantPhoto, 'id'>; reason: HideReason | null }) =>
      reason ? call(hideReviewPhoto, { params: { id: reviewId, photoId: photo.id }, body: { reason } }) : call(showReviewPhoto, { params: { id: reviewId, photoId: photo.id } }),
    onSuccess: () => publicationChanged(queryClient),
  });
}

/** Saves whether the storefront also shows reviews without a verified purchase (decision 044). */
export function useSaveStorefrontSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StorefrontSettings) => call(saveStorefrontSettings, { body: settings }),
    onSuccess: () => publicationChanged(queryClient),
  });
}
