import { CircleCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { isInvalidUnsubscribeLink as isInvalidLink, useUnsubscribe, useUnsubscribeStatus } from '../api/unsubscribe';
import { PublicLayout } from '../components/layout/PublicLayout';
import { ErrorAlert } from '../components/ui/Alert';
import { buttonClass } from '../components/ui/button';
import { QueryState } from '../components/ui/QueryState';
import { messages } from '../i18n';

const t = messages.unsubscribe;

/**
 * /unsubscribe/:token (public, no session), the link at the foot of every review-request e-mail.
 * Opening the page only reads the link's status: mail scanners prefetch links, so nothing changes
 * until the customer presses 'Se désabonner' (the POST). Then, or when it was already done, it
 * confirms that the shop will no longer write to this address.
 */
export default function UnsubscribeScreen() {
  const { token = '' } = useParams();

  const status = useUnsubscribeStatus(token);
  const submit = useUnsubscribe(token);

  const doneRef = useRef<HTMLDivElement>(null);
  const done = submit.isSuccess;
  useEffect(() => {
    // The button is gone: bring the reader to the confirmation.
    if (done) doneRef.current?.focus();
  }, [done]);

  const busy = submit.isPending;
  const body =
    isInvalidLink(status.error) || isInvalidLink(submit.error) ? (
      <InvalidLink />
    ) : (
      <QueryState query={status} loadingLabel={t.loading} className={status.isPending ? 'justify-start py-4' : undefined} errorMessage={t.failed}>
        {(data) =>
          submit.isSuccess || data.unsubscribed ? (
            <div ref={doneRef} tabIndex={-1} role="status" className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 outline-none">
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
              <div>
                <h2 className="font-semibold">{t.doneHeading}</h2>
                <p className="mt-1 text-sm">{t.done(submit.data?.store_name || data.store_name)}</p>
                <p className="mt-2 text-sm break-all">{data.email}</p>
              </div>
            </div>
          ) : (
            <div className="space-y-5">
              <p className="text-slate-800">{t.intro(data.store_name)}</p>
              <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="text-slate-600">{t.storeLabel}</dt>
                  <dd className="mt-0.5 font-medium text-slate-900">{data.store_name}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t.addressLabel}</dt>
                  <dd className="mt-0.5 font-medium break-all text-slate-900">{data.email}</dd>
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
          )
        }
      </QueryState>
    );

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
