import { ChevronLeft, ChevronRight } from 'lucide-react';
import { paginationItems } from '#core/pagination';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';

const t = messages.schedule.pagination;

const itemClass = 'inline-flex min-w-9 items-center justify-center rounded-lg px-2.5 py-1.5 text-sm font-medium transition-colors';

/**
 * Page buttons for a paginated list (docs/product/limits.md, src/core/pagination.ts): previous, the page
 * numbers with ellipses, next. The current page is marked aria-current. Hidden with one page. Previous and next stay focusable at
 * the ends (aria-disabled), so the keyboard focus is never dropped.
 *
 * On a narrow screen (under 640 px: a phone) the numbers give way to « Page 3 sur 12 » between
 * previous and next, so the control stays on one line.
 */
export function Pagination({
  page,
  totalPages,
  onChange,
  label = t.label,
  className,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  const items = paginationItems(page, totalPages);
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-nowrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            onClick={() => page > 1 && onChange(page - 1)}
            aria-disabled={page <= 1 || undefined}
            aria-label={t.previous}
            className={cx(itemClass, 'text-slate-700 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-50')}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
          </button>
        </li>
        {items.map((item, index) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-${index}`} className={cx(itemClass, 'hidden text-slate-500 sm:inline-flex')}>
              <span aria-hidden="true">…</span>
              <span className="sr-only">{t.more}</span>
            </li>
          ) : (
            <li key={item} className="hidden sm:block">
              <button
                type="button"
                onClick={() => item !== page && onChange(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t.page(item)}
                className={cx(itemClass, item === page ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100')}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li className="px-2 text-sm font-medium whitespace-nowrap text-slate-700 sm:hidden" data-testid="pagination-position">
          {t.position(page, totalPages)}
        </li>
        <li>
          <button
            type="button"
            onClick={() => page < totalPages && onChange(page + 1)}
            aria-disabled={page >= totalPages || undefined}
            aria-label={t.next}
            className={cx(itemClass, 'text-slate-700 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-50')}
          >
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </li>
      </ul>
    </nav>
  );
}
