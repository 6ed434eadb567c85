import { ChevronDown, RefreshCw, Stethoscope } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { useDiagnostic, useFixWebhookUrls, useRegisterWebhooks } from '#web/api/shopify';
import { cx } from '#web/lib/cx';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { countOutcomes, DiagnosticSteps, type FixActions } from '../diagnostic/DiagnosticSteps';
import { registerOutcome } from '../diagnostic/types';
import { ErrorAlert, SuccessAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { textLinkClass } from '../ui/TextField';
import { failureMessage } from './outcomes';

const t = messages.schedule.diagnostic;
const fixTexts = messages.shopifyDiagnostic.actions;

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
        {open && <DiagnosticBody />}
      </div>
    </section>
  );
}

function DiagnosticBody() {
  // Run afresh when the panel opens (the same cache entry as /app/shopify-diagnostic).
  const diagnostic = useDiagnostic({ retry: false });
  const { refetch } = diagnostic;
  const rerun = () => void refetch();
  const { message: success, show: showSuccess, clear: clearSuccess } = useTransientMessage();
  const [failure, setFailure] = useState<string | null>(null);

  const shopId = diagnostic.data?.store?.id ?? '';
  const fixDone = (text: string) => {
    setFailure(null);
    showSuccess(text);
    rerun();
  };
  const fixFailed = (text: string, changed: boolean) => {
    clearSuccess();
    setFailure(text);
    if (changed) rerun();
  };

  const registerWebhooks = useRegisterWebhooks({
    onSuccess: (data) => {
      const outcome = registerOutcome(data);
      if (outcome.ok) fixDone(fixTexts.registered);
      else fixFailed(outcome.message, outcome.changed);
    },
    onError: (error) => fixFailed(failureMessage(error, fixTexts.registerFailed), false),
  });
  const fixWebhookUrls = useFixWebhookUrls({
    onSuccess: () => fixDone(fixTexts.urlsFixed),
    onError: (error) => fixFailed(failureMessage(error, fixTexts.fixUrlsFailed), false),
  });

  const fixBusy = registerWebhooks.isPending || fixWebhookUrls.isPending;
  const actions: FixActions = {
    registerWebhooks: { run: () => registerWebhooks.mutate(shopId), busy: registerWebhooks.isPending, locked: fixBusy },
    fixWebhookUrls: { run: () => fixWebhookUrls.mutate(shopId), busy: fixWebhookUrls.isPending, locked: fixBusy },
  };

  const running = diagnostic.isFetching;
  const result = diagnostic.data;
  const checks = result?.store ? (result.checks ?? {}) : null;

  let summary = '';
  if (running) summary = t.running;
  else if (diagnostic.isError) summary = '';
  else if (result && !result.store) summary = t.noStore;
  else if (checks) {
    const counts = countOutcomes(checks, actions);
    const problems = counts.warning + counts.error;
    summary = problems === 0 ? t.allGood : t.issues(problems);
  }

  const busy = running || fixBusy;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1 text-sm">
          <p className="text-slate-600">{t.intro}</p>
          <p role="status" className="font-medium text-slate-900">
            {summary}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => {
              if (busy) return;
              setFailure(null);
              clearSuccess();
              rerun();
            }}
            aria-disabled={busy || undefined}
            aria-busy={running || undefined}
            className={buttonClass('secondary', 'sm', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
          >
            <RefreshCw aria-hidden="true" className={running ? 'size-4 animate-spin' : 'size-4'} />
            {t.run}
          </button>
          <Link to="/app/shopify-diagnostic" className={cx(textLinkClass, 'text-sm')}>
            {t.fullPage}
          </Link>
        </div>
      </div>

      {success && <SuccessAlert>{success}</SuccessAlert>}
      {failure && <ErrorAlert>{failure}</ErrorAlert>}

      {diagnostic.isError && !running ? (
        <ErrorAlert
          action={
            <button type="button" onClick={rerun} className={buttonClass('secondary', 'sm')}>
              {t.retry}
            </button>
          }
        >
          {failureMessage(diagnostic.error, t.loadError)}
        </ErrorAlert>
      ) : result && !result.store && !running ? null : (
        <DiagnosticSteps checks={checks} running={running} actions={actions} />
      )}
    </div>
  );
}
