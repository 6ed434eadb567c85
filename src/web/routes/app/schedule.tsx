import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarX2, History, Share2, Store } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { pageCount } from '../../../core/pagination';
import { DiagnosticPanel } from '../../components/schedule/DiagnosticPanel';
import { ImportHistoryDialog, type ImportResult } from '../../components/schedule/ImportHistoryDialog';
import { failureMessage, isSessionExpired, sendFailure, sendOutcome, type Outcome } from '../../components/schedule/outcomes';
import { Pagination } from '../../components/schedule/Pagination';
import { RequestList, requestSubject } from '../../components/schedule/RequestList';
import { ShareLinkModal } from '../../components/schedule/ShareLinkModal';
import {
  processRequestsPath,
  reviewRequestsPath,
  reviewRequestsQueryKey,
  type ProcessResponse,
  type RequestItem,
  type RequestPage,
} from '../../components/schedule/types';
import { ErrorAlert, SuccessAlert } from '../../components/ui/Alert';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { textLinkClass } from '../../components/ui/TextField';
import { messages } from '../../i18n';
import { ApiError, apiFetch } from '../../lib/api';
import { usePageHeader } from '../../lib/page-header';
import { withRedirect } from '../../lib/safe-redirect';
import { useCurrentStore } from '../../lib/session';
import { noticeDurationMs } from '../../lib/use-transient-message';

const t = messages.schedule;

/** Spec section 9: the calendar shows 10 requests a page. */
export const schedulePageSize = 10;
/** Spec sections 4 and 9: cancellation notices last 3 s, status toasts 5 s. */
export const cancelNoticeMs = 3_000;
/** The due labels are recomputed every minute. */
const clockTickMs = 60_000;

/** The `?page=` parameter: a whole number from 1 (anything else is page 1). */
function pageFromParams(params: URLSearchParams): number {
  const value = Number.parseInt(params.get('page') ?? '', 10);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/** The current time, refreshed every `intervalMs` (for labels relative to now). */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

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
 * /app/schedule, the send calendar (spec sections 2, 4, 5, 8, 9): the store's review requests,
 * newest scheduled first, 10 a page (`?page=N`), each with its status, due label and the send-now
 * and cancel actions; the history import dialog, the share-link modal and a compact diagnostic.
 */
export default function ScheduleScreen() {
  usePageHeader(t.title, t.subtitle);
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname, search } = useLocation();
  const page = pageFromParams(searchParams);
  const now = useNow(clockTickMs);
  const { data: currentStore } = useCurrentStore();
  const { notice, show } = useNotice();
  const noticeRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const list = useQuery({
    queryKey: [...reviewRequestsQueryKey, page],
    queryFn: ({ signal }) => apiFetch<RequestPage>(`${reviewRequestsPath}?page=${page}`, { signal }),
    // While another page loads, the current one stays on screen.
    placeholderData: keepPreviousData,
  });

  const data = list.data;
  const storeId = data?.store_id ?? currentStore?.id ?? null;
  const pageSize = data?.page_size && data.page_size > 0 ? data.page_size : schedulePageSize;
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
  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: reviewRequestsQueryKey });
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) noticeRef.current?.focus();
    });
  }, [queryClient]);

  const sendNow = useMutation({
    mutationFn: (item: RequestItem) =>
      apiFetch<ProcessResponse | null>(processRequestsPath, {
        method: 'POST',
        body: { manual: true, requestIds: [item.id] },
      }),
    onSuccess: (result) => show(sendOutcome(result)),
    onError: (error) => show(sendFailure(error)),
    onSettled: () => refresh(),
  });

  const [resending, setResending] = useState<RequestItem | null>(null);
  const resend = useMutation({
    mutationFn: (item: RequestItem) =>
      apiFetch<ProcessResponse | null>(`${reviewRequestsPath}/${encodeURIComponent(item.id)}/resend`, { method: 'POST', body: {} }),
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
  const cancel = useMutation({
    mutationFn: (item: RequestItem) =>
      apiFetch<unknown>(`${reviewRequestsPath}/${encodeURIComponent(item.id)}`, { method: 'DELETE' }),
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
  const onImported = (result: ImportResult) => {
    setImporting(false);
    show({ kind: 'success', text: t.notices.imported(result.synced, result.scheduled) });
    void refresh();
  };

  const [sharing, setSharing] = useState(false);
  const onLinkCreated = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: reviewRequestsQueryKey }),
    [queryClient],
  );

  const error = list.error;
  const noStore = error instanceof ApiError && error.status === 404;
  const sessionExpired = isSessionExpired(error);
  const ready = !!data && !list.isError;
  const empty = ready && data.total === 0;

  const importButton = (
    <button
      type="button"
      onClick={() => setImporting(true)}
      disabled={!storeId}
      className={buttonClass(empty ? 'primary' : 'secondary')}
    >
      <History aria-hidden="true" className="size-4" />
      {t.toolbar.import}
    </button>
  );

  let body;
  if (list.isPending) {
    body = <Spinner label={t.list.loading} className="py-12" />;
  } else if (sessionExpired) {
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
  } else if (list.isError) {
    body = (
      <ErrorAlert
        retry={{ label: t.list.retry, onRetry: () => void list.refetch(), busy: list.isFetching }}
      >
        <p className="font-medium">{t.list.loadError}</p>
        {error instanceof ApiError && error.message !== messages.common.errorFallback && (
          <p className="mt-1">{error.message}</p>
        )}
      </ErrorAlert>
    );
  } else if (empty) {
    body = (
      <EmptyState plain level={3} icon={CalendarX2} heading={t.empty.heading} action={importButton}>
        {t.empty.body}
      </EmptyState>
    );
  } else if (data) {
    const from = (page - 1) * pageSize + 1;
    const to = Math.min(from + data.items.length - 1, data.total);
    body = (
      <div aria-busy={list.isFetching || undefined}>
        {data.items.length > 0 && (
          <p className="text-sm text-slate-600">
            {t.list.range(from, to, data.total)}
            {list.isPlaceholderData && <span className="ml-2 text-slate-500">{t.list.refreshing}</span>}
          </p>
        )}
        <RequestList
          items={data.items}
          now={now}
          label={t.list.heading}
          actions={{
            onSendNow: (item) => sendNow.mutate(item),
            onCancel: (item) => setCancelling(item),
            onResend: (item) => setResending(item),
            sendingId: sendNow.isPending ? (sendNow.variables?.id ?? null) : null,
          }}
        />
        <Pagination page={page} totalPages={totalPages} onChange={(next) => goToPage(next)} className="mt-4" />
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <div ref={noticeRef} tabIndex={-1} className="outline-none empty:hidden">
        {notice?.kind === 'success' && <SuccessAlert>{notice.text}</SuccessAlert>}
        {notice?.kind === 'error' && (
          <ErrorAlert>
            <p>{notice.text}</p>
            {notice.detail && <p className="mt-1">{notice.detail}</p>}
          </ErrorAlert>
        )}
      </div>

      {ready && (
        <div role="group" aria-label={t.toolbar.label} className="flex flex-wrap justify-end gap-3">
          {!empty && importButton}
          <button type="button" onClick={() => setSharing(true)} className={buttonClass('secondary')}>
            <Share2 aria-hidden="true" className="size-4" />
            {t.toolbar.share}
          </button>
        </div>
      )}

      <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900">
          {t.list.heading}
        </h2>
        {body}
      </section>

      {!noStore && !sessionExpired && <DiagnosticPanel />}

      {cancelling && (
        <ConfirmDialog
          title={t.confirmCancel.title}
          confirmLabel={t.confirmCancel.confirm}
          busyLabel={t.confirmCancel.confirming}
          cancelLabel={t.confirmCancel.keep}
          danger
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate(cancelling)}
          onCancel={() => setCancelling(null)}
        >
          {t.confirmCancel.body(requestSubject(cancelling))}
        </ConfirmDialog>
      )}

      {resending && (
        <ConfirmDialog
          title={t.confirmResend.title}
          confirmLabel={t.confirmResend.confirm}
          busyLabel={t.confirmResend.confirming}
          cancelLabel={t.confirmResend.keep}
          busy={resend.isPending}
          onConfirm={() => resend.mutate(resending)}
          onCancel={() => setResending(null)}
        >
          {t.confirmResend.body(requestSubject(resending))}
        </ConfirmDialog>
      )}

      {importing && storeId && (
        <ImportHistoryDialog shopId={storeId} onClose={() => setImporting(false)} onImported={onImported} />
      )}

      {sharing && <ShareLinkModal onClose={() => setSharing(false)} onCreated={onLinkCreated} />}
    </div>
  );
}
