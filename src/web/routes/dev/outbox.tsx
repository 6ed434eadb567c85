import { Inbox, RefreshCw } from 'lucide-react';
import { Link } from 'react-router';
import { DevLayout } from '#web/components/layout/DevLayout';
import { useOutboxEmails, type OutboxEmailSummary } from '#web/api/dev-outbox';
import { buttonClass } from '#web/components/ui/button';
import { QueryState } from '#web/components/ui/QueryState';
import { messages } from '#web/i18n';
import { formatDateTime } from '#web/lib/format';

const t = messages.outbox;

function EmailList({ emails }: { emails: OutboxEmailSummary[] }) {
  if (emails.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Inbox aria-hidden="true" className="size-10 text-slate-400" />
        <p className="mt-4 text-slate-600">{t.empty}</p>
      </div>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{t.count(emails.length)}</p>
      <EmailTable emails={emails} />
    </>
  );
}

function EmailTable({ emails }: { emails: OutboxEmailSummary[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{t.tableCaption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.columns.date}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.columns.subject}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.columns.to}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.columns.from}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {emails.map((email) => (
            <tr key={email.id} className="hover:bg-slate-50">
              <td className="whitespace-nowrap px-4 py-3 text-slate-600">
                <time dateTime={email.created_at}>{formatDateTime(email.created_at)}</time>
              </td>
              <td className="px-4 py-3">
                <Link to={`/dev/outbox/${encodeURIComponent(email.id)}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                  {email.subject || t.noSubject}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-700">{email.to}</td>
              <td className="px-4 py-3 text-slate-700">{email.from}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /dev/outbox: e-mails captured by the local outbox, newest first. */
export default function OutboxScreen() {
  const emails = useOutboxEmails();
  const { refetch, isFetching, isPending } = emails;

  return (
    <DevLayout documentTitle={t.title}>
      <div className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t.title}</h1>
          <p className="mt-2 max-w-2xl text-slate-600">{t.intro}</p>
        </div>
        <button type="button" className={buttonClass('secondary')} onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden="true" className={isFetching ? 'size-4 animate-spin' : 'size-4'} />
          {isFetching && !isPending ? t.refreshing : t.refresh}
        </button>
      </div>
      <QueryState query={emails} loadingLabel={t.loading} errorMessage={t.loadError}>
        {(list) => <EmailList emails={list} />}
      </QueryState>
    </DevLayout>
  );
}
