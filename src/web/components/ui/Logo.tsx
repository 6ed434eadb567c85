import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';

/** The brand mark: icon + name. With `to`, it is a link (labelled for screen readers). */
export function Logo({
  to,
  className,
  compact = false,
  label = messages.common.homeLinkLabel,
}: {
  to?: string;
  className?: string;
  /** Hides the name on very narrow screens (below 400px). */
  compact?: boolean;
  /** The link's name for screen readers (a page in a customer's language names it in theirs). */
  label?: string;
}) {
  const mark = (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-brand-300 shadow-sm">
        <Star className="size-4" fill="currentColor" strokeWidth={0} />
      </span>
      <span className={cx('text-lg font-bold tracking-tight text-slate-900', compact && 'max-[400px]:sr-only')}>{messages.common.brandName}</span>
    </span>
  );
  if (!to) return mark;
  return (
    <Link to={to} aria-label={label} className="rounded-lg">
      {mark}
    </Link>
  );
}
