import { RefreshCw, Store } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { useDiagnostic, useFixWebhookUrls, useRegisterWebhooks } from '#web/api/shopify';
import { countOutcomes, DiagnosticSteps, type FixActions } from '#web/components/diagnostic/DiagnosticSteps';
import { diagnosticStepIds, registerOutcome, type FixOutcome } from '#web/components/diagnostic/types';
import { ErrorAlert, SuccessAlert } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/EmptyState';
import { messages } from '#web/i18n';
import { ApiError } from '#web/lib/api';
import { formatDateTime } from '#web/lib/format';
import { usePageHeader } from '#web/lib/page-header';
import { useTransientMessage } from '#web/lib/use-transient-message';

const t = messages.shopifyDiagnostic;

/** A failed request: the server's `{ error }` (already French), else `fallback`. */
function requestFailure(error: unknown, fallback: string): FixOutcome {
  const message = error instanceof ApiError && error.message ? error.message : fallback;
  return { ok: false, message, changed: false };
}

/**
 * /app/shopify-diagnostic (docs/product/screens.md, docs/product/statuses.md, docs/product/errors.md): runs GET /api/shopify/diagnostic on load and on
 * 'Lancer le diagnostic', and shows its eight checks as an ordered list of steps (pending while
 * running, then success, warning or error, each failure with its suggested fix). The webhook fixes
 * call the register-webhooks and fix-webhook-urls functions, then run the diagnostic again. Its
 * error box is its own (not QueryState): a failed run keeps the steps' place and hands the focus
 * back to 'Lancer le diagnostic' when retried.
 */
export default function ShopifyDiagnosticScreen() {
  usePageHeader(t.title, t.subtitle);
  const diagnostic = useDiagnostic();
  const { refetch } = diagnostic;
  const rerun = useCallback(() => void refetch(), [refetch]);

  const { message: successNotice, show: showSuccess, clear: clearSuccess } = useTransientMessage();
  const [failureNotice, setFailureNotice] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const runButtonRef = useRef<HTMLButtonElement>(null);
  const headingIds = { steps: useId() };

  /**
   * Shows a fix's outcome. On success the diagnostic runs again, which removes the step's fix button
   * for a while: focus moves to the notice so it is not lost.
   */
  const report = useCallback(
    (outcome: FixOutcome, successText: string) => {
      if (outcome.ok) {
        setFailureNotice(null);
        showSuccess(successText);
        rerun();
        requestAnimationFrame(() => noticeRef.current?.focus());
        return;
      }
      clearSuccess();
      setFailureNotice(outcome.message);
      if (outcome.changed) rerun();
    },
    [rerun, showSuccess, clearSuccess],
  );

  const shopId = diagnostic.data?.store?.id ?? '';
  const registerWebhooks = useRegisterWebhooks({
    onSuccess: (data) => report(registerOutcome(data), t.actions.registered),
    onError: (error) => report(requestFailure(error, t.actions.registerFailed), t.actions.registered),
  });
  const fixWebhookUrls = useFixWebhookUrls({
    onSuccess: () => report({ ok: true }, t.actions.urlsFixed),
    onError: (error) => report(requestFailure(error, t.actions.fixUrlsFailed), t.actions.urlsFixed),
  });

  const fixBusy = registerWebhooks.isPending || fixWebhookUrls.isPending;
  const actions: FixActions = {
    registerWebhooks: {
      run: () => {
        setFailureNotice(null);
        registerWebhooks.mutate(shopId);
      },
      busy: registerWebhooks.isPending,
      locked: fixBusy,
    },
    fixWebhookUrls: {
      run: () => {
        setFailureNotice(null);
        fixWebhookUrls.mutate(shopId);
      },
      busy: fixWebhookUrls.isPending,
      locked: fixBusy,
    },
  };

  const running = diagnostic.isFetching;
  const result = diagnostic.data;
  const showError = diagnostic.isError && !running;
  const noStore = !!result && !showError && !running && !result.store;
  // A store without checks (should not happen): every step reports its result as unavailable.
  const checks = result?.store ? (result.checks ?? {}) : null;

  let announcement = '';
  if (running) announcement = t.live.running;
  else if (noStore) announcement = t.live.noStore;
  else if (checks && !showError) {
    const counts = countOutcomes(checks, actions);
    announcement = counts.warning === 0 && counts.error === 0 ? t.live.allGood : t.live.done(counts);
  }

  const runBusy = running || fixBusy;
  const runManually = () => {
    if (runBusy) return;
    setFailureNotice(null);
    clearSuccess();
    rerun();
  };
  /** The error box goes away while the diagnostic runs again: keep focus on the run button. */
  const retry = () => {
    runManually();
    runButtonRef.current?.focus();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="max-w-2xl text-sm text-slate-700">{t.intro(diagnosticStepIds.length)}</p>
          {result?.store && (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Store aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span>
                {t.shop}
                {'\u202f: '}
                <span className="font-medium break-all text-slate-900">{result.store.shop_domain}</span>
              </span>
            </p>
          )}
          {diagnostic.dataUpdatedAt > 0 && !running && !showError && (
            <p className="text-xs text-slate-600">
              {t.lastRun} <time dateTime={new Date(diagnostic.dataUpdatedAt).toISOString()}>{formatDateTime(new Date(diagnostic.dataUpdatedAt).toISOString())}</time>
            </p>
          )}
        </div>
        {/* aria-disabled rather than disabled while busy: the button keeps the keyboard focus. */}
        <button
          ref={runButtonRef}
          type="button"
          onClick={runManually}
          aria-disabled={runBusy || undefined}
          aria-busy={running || undefined}
          className={buttonClass('primary', 'md', 'shrink-0 aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
        >
          <RefreshCw aria-hidden="true" className={running ? 'size-4 animate-spin' : 'size-4'} />
          {running ? t.running : t.run}
        </button>
      </div>

      {/* Announces the start and the end of each run. */}
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>

      <div ref={noticeRef} tabIndex={-1} className="outline-none empty:hidden">
        {successNotice && <SuccessAlert>{successNotice}</SuccessAlert>}
        {failureNotice && <ErrorAlert>{failureNotice}</ErrorAlert>}
      </div>

      {showError ? (
        <ErrorAlert
          action={
            <button type="button" onClick={retry} className={buttonClass('secondary', 'sm')}>
              {t.retry}
            </button>
          }
        >
          <p className="font-medium">{t.loadError}</p>
          {diagnostic.error instanceof ApiError && diagnostic.error.message !== t.loadError && <p className="mt-1">{diagnostic.error.message}</p>}
        </ErrorAlert>
      ) : noStore ? (
        <EmptyState icon={Store} heading={t.empty.heading} action={{ to: '/app/integrations', label: t.empty.link }}>
          {t.empty.body}
        </EmptyState>
      ) : (
        <section aria-labelledby={headingIds.steps}>
          <h2 id={headingIds.steps} className="sr-only">
            {t.listLabel}
          </h2>
          <DiagnosticSteps checks={checks} running={running} actions={actions} />
        </section>
      )}
    </div>
  );
}
