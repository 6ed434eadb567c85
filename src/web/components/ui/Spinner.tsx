import { LoaderCircle } from 'lucide-react';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';

/** An accessible loading indicator (announced politely). */
export function Spinner({ label = messages.common.loading, className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center gap-3 text-slate-600', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand-700" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/** Full-height loading state for a whole page (initial load, lazy screens); `label` for a customer's page in their language. */
export function LoadingScreen({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label={label} />
    </div>
  );
}
