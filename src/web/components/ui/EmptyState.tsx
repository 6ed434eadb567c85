import type { LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '#web/lib/cx';
import { buttonClass } from './button';

export interface EmptyStateProps {
  icon?: LucideIcon;
  heading: string;
  children: ReactNode;
  /** An action under the text: a button, or `{ to, label }` for a link styled as one. */
  action?: ReactNode | { to: string; label: string };
  /** The page owns its h1: h2 by default, h3 inside a section that has its own h2. */
  level?: 2 | 3;
  /** Without the dashed frame, inside a card that already has one. */
  plain?: boolean;
}

/** The one look for "nothing here yet" and "connect a store first": icon, heading, text, action. */
export function EmptyState({ icon: Icon, heading, children, action, level = 2, plain = false }: EmptyStateProps) {
  const headingId = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  const link = action && typeof action === 'object' && 'to' in action ? (action as { to: string; label: string }) : null;
  return (
    <section
      aria-labelledby={headingId}
      className={cx('flex flex-col items-center px-6 py-12 text-center', !plain && 'rounded-2xl border border-dashed border-slate-300 bg-white')}
    >
      {Icon && (
        <span aria-hidden="true" className="mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon className="size-6" />
        </span>
      )}
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        {heading}
      </Heading>
      <div className="mt-1 max-w-lg text-sm text-slate-600">{children}</div>
      {link ? (
        <Link to={link.to} className={buttonClass('primary', 'md', 'mt-6')}>
          {link.label}
        </Link>
      ) : action ? (
        <div className="mt-6">{action as ReactNode}</div>
      ) : null}
    </section>
  );
}
