import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert } from '../components/ui/Alert';
import { buttonClass } from '../components/ui/button';
import { Spinner } from '../components/ui/Spinner';
import { messages } from '../i18n';
import { ApiError, apiFetch } from '../lib/api';

const t = messages.unsubscribe;

/** GET /api/public/unsubscribe/:token: who sends, to which (masked) address, and whether it is done. */
interface UnsubscribeStatus {
  store_name: string;
  email: string;
  unsubscribed: boolean;
}

/** POST /api/public/unsubscribe/:token */
interface UnsubscribeDone {
  ok: true;
  store_name: string;
}

const path = (token: string) => `/api/public/unsubscribe/${encodeURIComponent(token)}`;

const isInvalidLink = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /unsubscribe/:token (public, no session), the link at the foot of every review-request e-mail.
 * Opening the page only reads the link's status: mail scanners prefetch links, so nothing changes
 * until the customer presses 'Se désabonner' (the POST). Then, or when it was already done, it
 * confirms that the shop will no longer write to this address.
 */
export default function UnsubscribeScreen() {
  const { token = '' } = useParams();

  const status = useQuery({
    queryKey: ['public', 'unsubscribe', token],
    queryFn: ({ signal }) => apiFetch<UnsubscribeStatus>(path(token), { signal }),
  });

  const submit = useMutation({
    mutationFn: () => apiFetch<UnsubscribeDone>(path(token), { method: 'POST' }),
  });

  const doneRef = useRef<HTMLDivElement>(null);
  const done = submit.isSuccess;
  useEffect(() => {
    // The button is gone: bring the reader to the confirmation.
    if (done) doneRef.current?.focus();
  }, [done]);

  let body;
  if (status.isPending) {
    body = <Spinner label={t.loading} className="justify-start py-4" />;
  } else if (status.isError) {
    body = isInvalidLink(status.error) ? (
      <InvalidLink />
    ) : (
      <ErrorAlert
        retry={{ label: t.retry, onRetry: () => void status.refetch(), busy: status.isFetching }}
      >
        {t.failed}
      </ErrorAlert>
    );
  } else if (submit.isSuccess || status.data.unsubscribed) {
    const storeName = submit.data?.store_name || status.data.store_name;
    body = (
      <div ref={doneRef} tabIndex={-1} role="status" className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 outline-none">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
        <div>
          <h2 className="font-semibold">{t.doneHeading}</h2>
          <p className="mt-1 text-sm">{t.done(storeName)}</p>
          <p className="mt-2 text-sm break-all">{status.data.email}</p>
        </div>
      </div>
    );
  } else if (submit.isError && isInvalidLink(submit.error)) {
    body = <InvalidLink />;
  } else {
    const busy = submit.isPending;
    body = (
      <div className="space-y-5">
        <p className="text-slate-800">{t.intro(status.data.store_name)}</p>
        <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">{t.storeLabel}</dt>
            <dd className="mt-0.5 font-medium text-slate-900">{status.data.store_name}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t.addressLabel}</dt>
            <dd className="mt-0.5 font-medium break-all text-slate-900">{status.data.email}</dd>
          </div>
        </dl>
        <p className="text-sm text-slate-600">{t.explanation}</p>
        {submit.isError && <ErrorAlert>{t.failed}</ErrorAlert>}
        {/* aria-disabled rather than disabled while busy: the button keeps the keyboard focus. */}
        <button
          type="button"
          onClick={() => !busy && submit.mutate()}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
          className={buttonClass('primary', 'md', 'w-full sm:w-auto aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
        >
          <MailX aria-hidden="true" className="size-4" />
          {busy ? t.submitting : t.submit}
        </button>
      </div>
    );
  }

  return (
    <PublicLayout title={t.title} width="md">
      {body}
    </PublicLayout>
  );
}

function InvalidLink() {
  return (
    <ErrorAlert>
      <p className="font-medium">{t.invalid}</p>
      <p className="mt-1">{t.invalidHelp}</p>
    </ErrorAlert>
  );
}
