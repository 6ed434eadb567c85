/** The reviews list of /app/feedback (GET /api/reviews), page after page. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { exportReviews, listReviews, type ReviewFilter } from '#core/api/reviews';
import { call, urlOf } from './client';
import { queryKeys } from './keys';

export { REVIEW_FILTERS, type ReviewFilter, type ReviewItem } from '#core/api/reviews';

/** A search of the list, page after page: read by `useReviews`, and by the server before it draws the list. */
export const reviewsQuery = (filter: ReviewFilter, q: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews(filter, q),
    queryFn: ({ pageParam, signal }) => call(listReviews, { query: { filter, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export function useReviews(filter: ReviewFilter, q: string) {
  return useInfiniteQuery(reviewsQuery(filter, q));
}

/** Where the browser downloads the CSV of the reviews the list shows (a plain same-origin link: the session cookie goes with it). */
export const exportReviewsUrl = (filter: ReviewFilter, q: string) => urlOf(exportReviews, { query: { filter, ...(q ? { q } : {}) } });
