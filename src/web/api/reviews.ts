/** The reviews list of /app/feedback (GET /api/reviews), page after page. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { listReviews, type ReviewFilter } from '../../core/api/reviews';
import { call } from './client';
import { queryKeys } from './keys';

export { REVIEW_FILTERS, type ReviewFilter, type ReviewItem } from '../../core/api/reviews';

export function useReviews(filter: ReviewFilter, q: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.reviews(filter, q),
    queryFn: ({ pageParam, signal }) => call(listReviews, { query: { filter, ...(q ? { q } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
