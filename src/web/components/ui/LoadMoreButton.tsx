import { buttonClass } from './button';

/** « Afficher plus » under a list read page after page (an infinite query); nothing once the last page is in. */
export function LoadMoreButton({
  query,
  label,
  loadingLabel,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  loadingLabel: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <button
        type="button"
        className={buttonClass('secondary')}
        disabled={query.isFetchingNextPage}
        aria-busy={query.isFetchingNextPage || undefined}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage ? loadingLabel : label}
      </button>
    </div>
  );
}
