import { Star } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '../../i18n';
import { cx } from '../../lib/cx';

/** The brand mark: icon + name. With `to`, it is a link (labelled for screen readers). */
export function Logo({ to, className }: { to?: string; className?: string }) {
  const mark = (
    <span className={cx('inline-flex items-center gap-2', className)}>
      <span
        aria-hidden="true"
        className="flex size-8 items-center justify-center rounded-lg bg-brand-700 text-brand-300 shadow-sm"
      >
        <Star className="size-4" fill="currentColor" strokeWidth={0} />
      </span>
      <span className="text-lg font-bold tracking-tight text-slate-900">
        {messages.common.brandName}
      </span>
    </span>
  );
  if (!to) return mark;
  return (
    <Link to={to} aria-label={messages.common.homeLinkLabel} className="rounded-lg">
      {mark}
    </Link>
  );
}
