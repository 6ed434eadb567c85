/**
 * Page numbers of a paginated list (docs/product/limits.md: 'pagination shows all pages when 7 or fewer,
 * else first, last and neighbours of the current page with ellipses').
 *
 * Beyond 7 pages the list always has 7 items, so the control does not jump in width: near an end
 * the five pages of that end show (an ellipsis never stands for a single page), elsewhere
 * 1 … current−1 current current+1 … last.
 */

export type PaginationItem = number | 'ellipsis';

/** Most pages shown without ellipses. */
export const maxPagesWithoutEllipsis = 7;

/** Number of pages for `total` items, `pageSize` a page (0 when there are none). */
export function pageCount(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(pageSize) || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * The items to show for page `current` (1-based, clamped into range) of `totalPages`: page numbers
 * ascending and 'ellipsis' markers for skipped runs. Empty when there are no pages.
 */
export function paginationItems(current: number, totalPages: number): PaginationItem[] {
  const last = Math.floor(totalPages);
  if (!Number.isFinite(last) || last < 1) return [];
  if (last <= maxPagesWithoutEllipsis) return range(1, last);
  const page = Math.min(Math.max(Math.floor(Number.isFinite(current) ? current : 1), 1), last);
  // 1 … c−1 c c+1 … N needs c−1 ≥ 3 and c+1 ≤ N−2; closer to an end, show that end's five pages.
  if (page <= 4) return [...range(1, 5), 'ellipsis', last];
  if (page >= last - 3) return [1, 'ellipsis', ...range(last - 4, last)];
  return [1, 'ellipsis', page - 1, page, page + 1, 'ellipsis', last];
}
