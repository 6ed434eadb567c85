import { CircleCheck, MailCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { isInvalidRecipientLink as isInvalidLink, useConfirmRecipient, useRecipientLink } from '../api/notification-recipients';
import { PublicLayout } from '../components/layout/PublicLayout';
import { LinkActionButton, StoreAddressDetails } from '../components/public/LinkPage';
import { ErrorAlert } from '../components/ui/Alert';
import { QueryState } from '../components/ui/QueryState';
import { messages } from '../i18n';

const t = messages.confirmations.recipientLink;

/**
 * /confirm-recipient/:token (public, no session), the link e-mailed to an alert address (decision
 * 022). Opening the page only reads the link: mail scanners prefetch links, so nothing is confirmed
 * until its owner presses « Confirmer mon adresse » (the POST, which uses the link up).
 */
export default function ConfirmRecipientScreen() {
  const { token = '' } = useParams();
  const status = useRecipientLink(token);
  const submit = useConfirmRecipient(token);

  const doneRef = useRef<HTMLDivElement>(null);
  const done = submit.isSuccess;
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const busy = submit.isPending;
  const body =
    isInvalidLink(status.error) || isInvalidLink(submit.error) ? (
      <ErrorAlert>
        <p className="font-medium">{t.invalid}</p>
        <p className="mt-1">{t.invalidHelp}</p>
      </ErrorAlert>
    ) : submit.data ? (
      <div ref={doneRef} tabIndex={-1} role="status" className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-900 outline-none">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-green-700" />
        <div>
          <h2 className="font-semibold">{t.doneHeading}</h2>
          <p className="mt-1 text-sm">{t.done(submit.data.store_name)}</p>
          <p className="mt-2 text-sm break-all">{submit.data.email}</p>
        </div>
      </div>
    ) : (
      <QueryState query={status} loadingLabel={t.loading} className={status.isPending ? 'justify-start py-4' : undefined} errorMessage={t.failed}>
        {(data) => (
          <div className="space-y-5">
            <p className="text-slate-800">{t.intro(data.store_name)}</p>
            <StoreAddressDetails storeLabel={t.storeLabel} storeName={data.store_name} addressLabel={t.addressLabel} address={data.email} />
            <p className="text-sm text-slate-600">{t.explanation}</p>
            {submit.isError && <ErrorAlert>{t.failed}</ErrorAlert>}
            <LinkActionButton busy={busy} onClick={() => submit.mutate()}>
              <MailCheck aria-hidden="true" className="size-4" />
              {busy ? t.submitting : t.submit}
            </LinkActionButton>
          </div>
        )}
      </QueryState>
    );

  return (
    <PublicLayout title={t.title} width="md">
      {body}
    </PublicLayout>
  );
}
