import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { DevLayout } from '#web/components/layout/DevLayout';
import { isEmailNotFound, useOutboxEmail, type OutboxEmail } from '#web/api/dev-outbox';
import { ErrorAlert } from '#web/components/ui/Alert';
import { Spinner } from '#web/components/ui/Spinner';
import { messages } from '#web/i18n';
import { ApiError } from '#web/lib/api';
import { formatDateTime } from '#web/lib/format';

const t = messages.outbox;

function BackLink() {
  return (
    <Link to="/dev/outbox" className="inline-flex items-center gap-2 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t.back}
    </Link>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <h2 className="border-b border-slate-100 px-5 py-3 text-sm font-semibold text-slate-900">{title}</h2>
      <div className="p-5">{children}</div>
    </section>
  );
}

function EmailDetail({ email }: { email: OutboxEmail }) {
  const headers = Object.entries(email.headers);
  return (
    <>
      <h1 className="mt-6 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{email.subject || t.noSubject}</h1>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold text-slate-700">{t.meta.from}</dt>
        <dd className="break-all text-slate-700">{email.from}</dd>
        <dt className="font-semibold text-slate-700">{t.meta.to}</dt>
        <dd className="break-all text-slate-700">{email.to}</dd>
        <dt className="font-semibold text-slate-700">{t.meta.date}</dt>
        <dd className="text-slate-700">
          <time dateTime={email.created_at}>{formatDateTime(email.created_at)}</time>
        </dd>
      </dl>

      <div className="mt-8 grid gap-6">
        <Panel title={t.htmlPart}>
          {email.html ? (
            <iframe title={t.htmlFrameTitle} sandbox="" srcDoc={email.html} className="h-[36rem] w-full rounded-lg border border-slate-200 bg-white" />
          ) : (
            <p className="text-sm text-slate-600">{t.noHtml}</p>
          )}
        </Panel>
        <Panel title={t.textPart}>
          {email.text ? (
            <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-800">{email.text}</pre>
          ) : (
            <p className="text-sm text-slate-600">{t.noText}</p>
          )}
        </Panel>
        <Panel title={t.headers}>
          {headers.length === 0 ? (
            <p className="text-sm text-slate-600">{t.noHeaders}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      {t.headerName}
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      {t.headerValue}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 font-mono text-xs">
                  {headers.map(([name, value]) => (
                    <tr key={name}>
                      <th scope="row" className="whitespace-nowrap py-2 pr-4 align-top font-semibold text-slate-800">
                        {name}
                      </th>
                      <td className="break-all py-2 text-slate-700">{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Panel>
      </div>
    </>
  );
}

/** /dev/outbox/:id: headers, text part and HTML part (sandboxed) of one captured e-mail. */
export default function OutboxDetailScreen() {
  const { id = '' } = useParams();
  const { data: email, isPending, isError, error } = useOutboxEmail(id);
  const notFound = isError && isEmailNotFound(error);

  let body;
  if (isPending) {
    body = (
      <>
        <h1 className="sr-only">{t.title}</h1>
        <Spinner label={t.detailLoading} className="py-16" />
      </>
    );
  } else if (notFound) {
    body = (
      <>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{t.notFound}</h1>
        <p className="mt-2 text-slate-600">{t.notFoundBody}</p>
      </>
    );
  } else if (isError) {
    body = (
      <>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-slate-900">{t.title}</h1>
        <ErrorAlert className="mt-6">{error instanceof ApiError ? error.message : messages.common.errorFallback}</ErrorAlert>
      </>
    );
  } else {
    body = <EmailDetail email={email} />;
  }

  return (
    <DevLayout documentTitle={email?.subject || (notFound ? t.notFound : t.title)}>
      <BackLink />
      {body}
    </DevLayout>
  );
}
