import { useNotificationRecipients, useResendRecipientLink } from '#web/api/notification-recipients';
import { messages } from '#web/i18n';
import { buttonClass } from '../ui/button';

const t = messages.confirmations.recipient;

/**
 * The confirmation state of a saved alert address (decision 022): « En attente de confirmation »
 * with where alerts go meanwhile and « Renvoyer le lien » (limited by the server), or « Adresse
 * confirmée ». Nothing for the account's own address, an address not saved yet, or while loading.
 */
export function RecipientStatus({ email }: { email: string | null | undefined }) {
  const query = useNotificationRecipients();
  const resend = useResendRecipientLink();
  const address = email?.trim().toLowerCase();
  const recipient = address ? query.data?.recipients.find((r) => r.email === address) : undefined;
  if (!recipient || recipient.state === 'account') return null;
  if (recipient.state === 'confirmed') {
    return (
      <p className="text-sm font-medium text-green-800" role="status">
        {t.confirmed}
      </p>
    );
  }
  const busy = resend.isPending;
  return (
    <div className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" role="status">
      <p className="font-semibold">{t.pending}</p>
      <p>{t.pendingHelp(query.data!.account_email)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => !busy && resend.mutate(recipient.email)}
          aria-disabled={busy || undefined}
          className={buttonClass('secondary', 'sm', 'aria-disabled:cursor-not-allowed aria-disabled:opacity-60')}
        >
          {busy ? t.resending : t.resend}
        </button>
        {resend.isSuccess && <span>{t.resent}</span>}
        {resend.isError && <span className="text-red-800">{resend.error.message || t.failed}</span>}
      </div>
    </div>
  );
}
