import { CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';

/** A red error box (role=alert) with an optional action such as a retry button. */
export function ErrorAlert({
  children,
  action,
  className,
}: {
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center',
        className,
      )}
    >
      <div className="flex flex-1 items-start gap-2">
        <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>{children}</div>
      </div>
      {action}
    </div>
  );
}
