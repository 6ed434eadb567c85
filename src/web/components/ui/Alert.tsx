import { CircleCheck, CircleExclamationPoint, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '#web/lib/cx';
import { buttonClass } from './button';

/** A red error box (role=alert) with an optional action such as a retry button. */
export function ErrorAlert({
  children,
  action,
  retry,
  className,
}: {
  children: ReactNode;
  action?: ReactNode;
  /** The usual action: a 'Réessayer' button, disabled while the retry runs. */
  retry?: { label: string; onRetry: () => void; busy?: boolean };
  className?: string;
}) {
  return (
    <div role="alert" className={cx('flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 sm:flex-row sm:items-center', className)}>
      <div className="flex flex-1 items-start gap-2">
        <CircleExclamationPoint aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>{children}</div>
      </div>
      {action}
      {retry && (
        <button type="button" className={buttonClass('secondary', 'sm')} disabled={retry.busy} onClick={retry.onRetry}>
          {retry.label}
        </button>
      )}
    </div>
  );
}

/** A green confirmation box, announced politely (role=status). */
export function SuccessAlert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="status" className={cx('flex items-start gap-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-800', className)}>
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}

/** An amber note for consequences the user should know before acting. */
export function WarningNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx('flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900', className)}>
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
