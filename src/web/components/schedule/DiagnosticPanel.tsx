import { ChevronDown, Stethoscope } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { Spinner } from '../ui/Spinner';

const t = messages.schedule.diagnostic;

/** The open panel's content, loaded at the first opening (a chunk of its own). */
const DiagnosticBody = lazy(() => import('./DiagnosticBody'));

/**
 * The calendar's compact connection diagnostic: collapsed at first; opening it runs
 * GET /api/shopify/diagnostic and shows the same steps as /app/shopify-diagnostic (with their
 * webhook fixes), a one-line summary, 'Relancer' and a link to the full page.
 */
export function DiagnosticPanel() {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center gap-3 rounded-2xl px-5 py-4 text-left hover:bg-slate-50"
        >
          <Stethoscope aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <span className="flex-1">{t.heading}</span>
          <ChevronDown aria-hidden="true" className={cx('size-5 shrink-0 text-slate-500 transition-transform', open && 'rotate-180')} />
        </button>
      </h2>
      <div id={regionId} hidden={!open} className="border-t border-slate-100 px-5 pt-4 pb-5">
        {open && (
          <Suspense fallback={<Spinner label={t.running} className="justify-start" />}>
            <DiagnosticBody />
          </Suspense>
        )}
      </div>
    </section>
  );
}
