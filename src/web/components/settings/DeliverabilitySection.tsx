import { CircleCheck, CircleX, Mail, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useDeliverability, useRemoveSenderAddress, useVerifySenderDomain, type DeliverabilityState } from '#web/api/deliverability';
import { messages } from '#web/i18n';
import { formatDateTime } from '#web/lib/format';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { ErrorAlert, SuccessAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { QueryState } from '../ui/QueryState';
import { Spinner } from '../ui/Spinner';
import { DnsRecordsTable } from './DnsRecordsTable';
import { SelfTestPanel } from './SelfTestPanel';
import { SenderAddressForm } from './SenderAddressForm';

const t = messages.deliverability;

type Sender = NonNullable<DeliverabilityState['sender']>;

// Wider than the forms above: the DNS values are long and are read side by side with their names.
const cardClass = 'max-w-5xl space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';

/** Where mail goes from today and where answers arrive, in plain words. */
function CurrentRouting({ state }: { state: DeliverabilityState }) {
  const own = state.sender?.verified_at ? state.sender.from_address : null;
  return (
    <div className="flex max-w-3xl items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
      <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 space-y-1 break-words">
        <p className="font-semibold">{t.current.heading}</p>
        {own ? (
          <p>{t.current.ownAddress(own)}</p>
        ) : (
          <>
            <p>{t.current.appAddress(state.app_from_address)}</p>
            {state.reply_to && <p>{t.current.replyTo(state.reply_to)}</p>}
            <p>{t.current.untilVerified}</p>
          </>
        )}
      </div>
    </div>
  );
}

function VerifiedBadge({ sender }: { sender: Sender }) {
  const verified = sender.verified_at !== null;
  const Icon = verified ? CircleCheck : CircleX;
  return (
    <span
      className={
        verified
          ? 'inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900'
          : 'inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900'
      }
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0" />
      {sender.verified_at ? t.status.verified(formatDateTime(sender.verified_at)) : t.status.unverified}
    </span>
  );
}

/** What 'Vérifier' found, in one sentence for the live region. */
function verifyOutcome(sender: Sender | null): string {
  if (!sender) return '';
  if (sender.verified_at) return t.verify.verified(sender.from_address);
  const ok = sender.records.filter((record) => record.status === 'ok').length;
  return t.verify.partial(ok, sender.records.length);
}

/**
 * The saved sender: its status, the records to publish, 'Vérifier' (DNS lookups on the server, the
 * result announced) and 'Supprimer l'adresse' behind a confirmation.
 */
function SenderDomain({ sender, appFromAddress, onRemoved }: { sender: Sender; appFromAddress: string; onRemoved: () => void }) {
  const id = useId();
  const verify = useVerifySenderDomain();
  const remove = useRemoveSenderAddress();
  const [confirming, setConfirming] = useState(false);
  const verifying = verify.isPending;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 border-t border-slate-200 pt-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {t.records.heading}
        </h3>
        <VerifiedBadge sender={sender} />
      </div>
      <div className="space-y-1 text-sm text-slate-600">
        <p className="break-words">{t.status.sender(sender.from_address)}</p>
        <p>{sender.last_checked_at ? t.status.lastChecked(formatDateTime(sender.last_checked_at)) : t.status.neverChecked}</p>
      </div>
      <div className="max-w-3xl space-y-2 text-sm text-slate-700">
        <p className="break-words">{t.records.intro(sender.domain)}</p>
        <p className="break-words">{t.records.hostHint(sender.domain)}</p>
        <p>{t.records.spfExisting}</p>
      </div>

      <div>
        <DnsRecordsTable records={sender.records} />
        {/* Stays mounted so the outcome of each 'Vérifier' is read out. */}
        <p role="status" className="text-sm font-medium text-slate-800">
          {verify.isSuccess ? verifyOutcome(verify.data.sender) : ''}
        </p>
      </div>
      {verify.isError && <ErrorAlert>{verify.error.message}</ErrorAlert>}

      <div className="flex flex-wrap items-center gap-3">
        <button type="button" onClick={() => verify.mutate()} disabled={verifying} aria-busy={verifying || undefined} className={buttonClass('primary')}>
          {verifying ? t.verify.busy : t.verify.action}
        </button>
        <button
          type="button"
          onClick={() => {
            remove.reset();
            setConfirming(true);
          }}
          className={buttonClass('ghost', 'md', 'text-red-700 hover:bg-red-50 hover:text-red-800')}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t.remove.action}
        </button>
      </div>

      {confirming && (
        <ConfirmDialog
          title={t.remove.title}
          confirmLabel={t.remove.confirm}
          busyLabel={t.remove.busy}
          cancelLabel={t.remove.cancel}
          busy={remove.isPending}
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: () => {
                setConfirming(false);
                onRemoved();
              },
            })
          }
        >
          <p>{t.remove.body(appFromAddress)}</p>
          {remove.isError && <ErrorAlert className="mt-3">{remove.error.message}</ErrorAlert>}
        </ConfirmDialog>
      )}
    </section>
  );
}

function DeliverabilityPanel({ state }: { state: DeliverabilityState }) {
  const notice = useTransientMessage();
  const formRef = useRef<HTMLDivElement>(null);

  return (
    <>
      <CurrentRouting state={state} />
      <div ref={formRef} className="max-w-3xl space-y-4">
        <SenderAddressForm sender={state.sender} onSaved={(saved) => notice.show(saved.sender?.verified_at ? t.form.saved : t.form.savedPublish)} />
        {notice.message && <SuccessAlert>{notice.message}</SuccessAlert>}
      </div>
      {state.sender && (
        <SenderDomain
          // A new address starts afresh: no outcome of the previous domain's check.
          key={state.sender.from_address}
          sender={state.sender}
          appFromAddress={state.app_from_address}
          onRemoved={() => {
            notice.show(t.remove.done);
            // The button that opened the dialog is gone: the keyboard resumes at the address field.
            requestAnimationFrame(() => formRef.current?.querySelector('input')?.focus());
          }}
        />
      )}
      <SelfTestPanel />
    </>
  );
}

/**
 * Settings section 'Délivrabilité' (issue 18): mail goes from the app's address with Reply-To the
 * merchant until the merchant's own domain verifies, then from their address, DKIM-signed.
 */
export function DeliverabilitySection() {
  const id = useId();
  const query = useDeliverability();
  return (
    <section aria-labelledby={`${id}-heading`} className={cardClass}>
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          {t.heading}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t.intro}</p>
      </div>
      <QueryState query={query} errorMessage={t.loadError} loading={<Spinner label={t.loading} className="justify-start py-4" />}>
        {(state) => <DeliverabilityPanel state={state} />}
      </QueryState>
    </section>
  );
}
