import { CalendarX2, History, Share2, Store } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { REQUEST_PAGE_MAX, REQUEST_PAGE_SIZE } from '#core/api/review-requests';
import { pageCount } from '#core/pagination';
import { currentPlanQuery } from '#web/api/plans';
import {
  calendarPageQuery,
  sendForecastQuery,
  useCancelRequest,
  useRefreshRequests,
  useRequestPage,
  useResend,
  useSendForecast,
  useSendNow,
  type ImportHistoryResult,
  type RequestItem,
} from '#web/api/review-requests';
import { failureMessage, sendFailure, sendOutcome, type Outcome } from '#web/components/schedule/outcomes';
import { isNoStore, isSessionExpired, serverMessage } from '#web/lib/api';
import { Pagination } from '#web/components/schedule/Pagination';
import { RequestList, requestSubject } from '#web/components/schedule/RequestList';
import { SendPlanner } from '#web/components/schedule/SendPlanner';
import { QuotaBanner } from '#web/components/quota/QuotaBanner';
import { ErrorAlert, SuccessAlert } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/EmptyState';
import { WhatHappensNext } from '#web/components/flows/WhatHappensNext';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog';
import { QueryState } from '#web/components/ui/QueryState';
import { Spinner } from '#web/components/ui/Spinner';
import { textLinkClass } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { useNow } from '#web/lib/clock';
import type { ScreenDrawing } from '#web/lib/drawing';
import { usePageHeader } from '#web/lib/page-header';
import { withRedirect } from '#web/lib/safe-redirect';
import { useCurrentStore } from '#web/lib/session';
import { noticeDurationMs } from '#web/lib/use-transient-message';

/** Opened on demand: their code (and the calendar's catalogue it reads) loads then, not with the screen (decision 027). */
const ShareLinkModal = lazy(() => import('#web/components/schedule/ShareLinkModal').then((module) => ({ default: module.ShareLinkModal })));
const ImportHistoryDialog = lazy(() => import('#web/components/schedule/ImportHistoryDialog').then((module) => ({ default: module.ImportHistoryDialog })));
/**
 * The compact diagnostic reads Shopify afresh in the browser (never drawn with data by the server):
 * its code, its steps and their catalogues load beside the screen, not before it (decision 039).
 */
const DiagnosticPanel = lazy(() => import('#web/components/schedule/DiagnosticPanel').then((module) => ({ default: module.DiagnosticPanel })));

const t = messages.schedule;

/** docs/product/statuses.md and docs/product/limits.md: cancellation notices last 3 s, status toasts 5 s. */
export const cancelNoticeMs = 3_000;
/** The due labels are recomputed every minute. */
const clockTickMs = 60_000;

/**
 * The `?page=` parameter, read as the server reads it (`requestPageQuery`; anything it would refuse
 * is page 1). Written by hand: the browser build carries no contract schema outside the forms
 * (decision 039); contract-readers.test.ts checks it against the schema.
 */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page');
  const page = raw === null ? 1 : Number(raw);
  return Number.isInteger(page) && page >= 1 && page <= REQUEST_PAGE_MAX ? page : 1;
}

/** Drawn by the server (decision 039): the page of requests the URL asks for, the planner's forecast and the quota banner's plan. */
export const drawing: ScreenDrawing = {
  header: { title: t.title, subtitle: t.subtitle },
  prefetch: (client, url) =>
    Promise.all([client.prefetchQuery(calendarPageQuery(pageFromParams(url.searchParams))), client.prefetchQuery(sendForecastQuery), client.prefetchQuery(currentPlanQuery)]),
};

/** One notice at a time, hidden after its duration. */
function useNotice() {
  const [notice, setNotice] = useState<Outcome | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: Outcome, durationMs = noticeDurationMs) => {
    clearTimeout(timer.current);
    setNotice(next);
    timer.current = setTimeout(() => setNotice(null), durationMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { notice, show };
}

/**
 * /app/schedule, the send calendar (docs/product/screens.md, docs/product/statuses.md, docs/product/validation.md, docs/product/errors.md, docs/product/limits.md): the store's review requests,
 * newest scheduled first, 10 a page (`?page=N`), each with its status, due label and the send-now
 * and cancel actions; the history import dialog, the share-link modal and a compact diagnostic.
 */
export default function ScheduleScreen() {
  usePageHeader(t.title, t.subtitle);
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const page = pageFromParams(searchParams);
  const now = useNow(clockTickMs);
  const { data: currentStore } = useCurrentStore();
  const { notice, show } = useNotice();
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const list = useRequestPage(page);

  const data = list.data;
  const storeId = data?.store_id ?? currentStore?.id ?? null;
  const pageSize = data?.page_size && data.page_size > 0 ? data.page_size : REQUEST_PAGE_SIZE;
  const totalPages = pageCount(data?.total ?? 0, pageSize);

  const goToPage = useCallback(
    (next: number, replace = false) => {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          if (next <= 1) params.delete('page');
          else params.set('page', String(next));
          return params;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  // Past the last page (e.g. its last request was cancelled): go to the last one.
  useEffect(() => {
    if (!data || list.isPlaceholderData) return;
    if (data.items.length === 0 && totalPages > 0 && page > totalPages) goToPage(totalPages, true);
  }, [data, list.isPlaceholderData, page, totalPages, goToPage]);

  /**
   * Re-reads the list after a change. The control that was focused may be gone then (a sent or
   * cancelled request loses its buttons, the empty state its import button): the notice takes the focus.
   */
  const refreshRequests = useRefreshRequests();
  const refresh = useCallback(async () => {
    await refreshRequests();
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) noticeRef.current?.focus();
    });
  }, [refreshRequests]);

  const sendNowMutation = useSendNow();
  const sendNow = (item: RequestItem) =>
    sendNowMutation.mutate(item, {
      onSuccess: (result) => show(sendOutcome(result)),
      onError: (error) => show(sendFailure(error)),
      onSettled: () => refresh(),
    });

  const [resending, setResending] = useState<RequestItem | null>(null);
  const resendMutation = useResend();
  const resend = (item: RequestItem) =>
    resendMutation.mutate(item, {
      onSuccess: (result) => {
        setResending(null);
        show(sendOutcome(result));
      },
      onError: (error) => {
        setResending(null);
        show(sendFailure(error));
      },
      onSettled: () => refresh(),
    });

  const [cancelling, setCancelling] = useState<RequestItem | null>(null);
  const cancelMutation = useCancelRequest();
  const cancel = (item: RequestItem) =>
    cancelMutation.mutate(item, {
      onSuccess: () => {
        setCancelling(null);
        show({ kind: 'success', text: t.notices.cancelled }, cancelNoticeMs);
      },
      onError: (error) => {
        setCancelling(null);
        if (isSessionExpired(error)) return show({ kind: 'error', text: t.notices.sessionExpired });
        const reason = failureMessage(error, '');
        show({ kind: 'error', text: t.notices.cancelFailed, detail: reason || undefined });
      },
      onSettled: () => refresh(),
    });

  const [importing, setImporting] = useState(false);
  const onImported = (result: ImportHistoryResult) => {
    setImporting(false);
    show({ kind: 'success', text: t.notices.imported(result.synced_count, result.scheduled_count) });
    void refresh();
  };

  const [sharing, setSharing] = useState(false);

  const error = list.error;
  const noStore = isNoStore(error);
  const sessionExpired = isSessionExpired(error);
  const ready = !!data && !list.isError;
  const empty = ready && data.total === 0;
  // The planner's forecast is fetched alongside the list (the planner reads the same cache entry), and
  // the toolbar, the planner, the list and the diagnostic appear together once both have answered:
  // appearing one after another, each pushed the sections below it down (a layout shift Lighthouse
  // flagged; decision 027). The list's loading state is a placeholder of its own
  // (`key`), replaced rather than moved. The list waits for the forecast's first answer only, not for
  // its retries: a failing forecast is the planner's own business. Once settled, the page stays so
  // (the planner refetching a failed forecast must not take the list away again).
  const forecast = useSendForecast();
  const forecastAnswered = !forecast.isPending || forecast.failureCount > 0;
  const [settled, setSettled] = useState(false);
  if (!settled && !list.isPending && (!ready || empty || forecastAnswered)) setSettled(true);

  const importButton = (
    <button type="button" onClick={() => setImporting(true)} disabled={!storeId} className={buttonClass(empty ? 'primary' : 'secondary')}>
      <History aria-hidden="true" className="size-4" />
      {t.toolbar.import}
    </button>
  );

  let body;
  if (sessionExpired) {
    body = (
      <ErrorAlert>
        <p className="font-medium">{t.notices.sessionExpired}</p>
        <Link to={withRedirect('/login', `${pathname}${search}`)} className={textLinkClass}>
          {t.notices.sessionExpiredLink}
        </Link>
      </ErrorAlert>
    );
  } else if (noStore) {
    body = (
      <EmptyState plain level={3} icon={Store} heading={t.noStore.heading} action={{ to: '/app/integrations', label: t.noStore.link }}>
        {t.noStore.body}
      </EmptyState>
    );
  } else if (ready && !settled) {
    body = <Spinner label={t.list.loading} className="py-12" />;
  } else {
    const reason = serverMessage(error) ? ` ${serverMessage(error)}` : '';
    body = (
      <QueryState query={list} loadingLabel={t.list.loading} className={list.isPending ? 'py-12' : undefined} errorMessage={`${t.list.loadError}${reason}`}>
        {(current) =>
          current.total === 0 ? (
            <div className="space-y-4">
              <EmptyState plain level={3} icon={CalendarX2} heading={t.empty.heading} action={importButton}>
                {t.empty.body}
              </EmptyState>
              <WhatHappensNext />
            </div>
          ) : (
            <div aria-busy={list.isFetching || undefined}>
              {current.items.length > 0 && (
                <p className="text-sm text-slate-600">
                  {t.list.range((page - 1) * pageSize + 1, Math.min((page - 1) * pageSize + current.items.length, current.total), current.total)}
                  {list.isPlaceholderData && <span className="ml-2 text-slate-500">{t.list.refreshing}</span>}
                </p>
              )}
              <RequestList
                items={current.items}
                now={now}
                label={t.list.heading}
                actions={{
                  onSendNow: sendNow,
                  onCancel: (item) => setCancelling(item),
                  onResend: (item) => setResending(item),
                  sendingId: sendNowMutation.isPending ? (sendNowMutation.variables?.id ?? null) : null,
                }}
              />
              <Pagination page={page} totalPages={totalPages} onChange={(next) => goToPage(next)} className="mt-4" />
            </div>
          )
        }
      </QueryState>
    );
  }

  return (
    <div className="space-y-6">
      <QuotaBanner />
      <div ref={noticeRef} tabIndex={-1} className="outline-none empty:hidden">
        {notice?.kind === 'success' && <SuccessAlert>{notice.text}</SuccessAlert>}
        {notice?.kind === 'error' && (
          <ErrorAlert>
            <p>{notice.text}</p>
            {notice.detail && <p className="mt-1">{notice.detail}</p>}
          </ErrorAlert>
        )}
      </div>

      {ready && settled && (
        <div role="group" aria-label={t.toolbar.label} className="flex flex-wrap justify-end gap-3">
          {!empty && importButton}
          <button type="button" onClick={() => setSharing(true)} className={buttonClass('secondary')}>
            <Share2 aria-hidden="true" className="size-4" />
            {t.toolbar.share}
          </button>
        </div>
      )}

      {ready && settled && !empty && <SendPlanner />}

      <section key={settled ? 'list' : 'loading'} aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900">
          {t.list.heading}
        </h2>
        {body}
      </section>

      {settled && !noStore && !sessionExpired && (
        <Suspense fallback={null}>
          <DiagnosticPanel />
        </Suspense>
      )}

      {cancelling && (
        <ConfirmDialog
          title={cancelling.kind === 'reminder' ? t.confirmCancel.reminderTitle : t.confirmCancel.title}
          confirmLabel={t.confirmCancel.confirm}
          busyLabel={t.confirmCancel.confirming}
          cancelLabel={t.confirmCancel.keep}
          danger
          busy={cancelMutation.isPending}
          onConfirm={() => cancel(cancelling)}
          onCancel={() => setCancelling(null)}
        >
          {cancelling.kind === 'reminder' ? t.confirmCancel.reminderBody(requestSubject(cancelling)) : t.confirmCancel.body(requestSubject(cancelling))}
        </ConfirmDialog>
      )}

      {resending && (
        <ConfirmDialog
          title={t.confirmResend.title}
          confirmLabel={t.confirmResend.confirm}
          busyLabel={t.confirmResend.confirming}
          cancelLabel={t.confirmResend.keep}
          busy={resendMutation.isPending}
          onConfirm={() => resend(resending)}
          onCancel={() => setResending(null)}
        >
          {t.confirmResend.body(requestSubject(resending))}
        </ConfirmDialog>
      )}

      {importing && storeId && (
        <Suspense fallback={null}>
          <ImportHistoryDialog shopId={storeId} onClose={() => setImporting(false)} onImported={onImported} />
        </Suspense>
      )}

      {sharing && (
        <Suspense fallback={null}>
          <ShareLinkModal onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </div>
  );
}
