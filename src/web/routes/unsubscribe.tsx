import { CircleCheck, MailX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { languageOf } from '#core/customer-language';
import { browserLanguage } from '#web/lib/customer-page';
import { isInvalidUnsubscribeLink as isInvalidLink, useUnsubscribe, useUnsubscribeStatus } from '../api/unsubscribe';
import { PublicLayout } from '../components/layout/PublicLayout';
import { LinkActionButton, StoreAddressDetails } from '../components/public/LinkPage';
import { ErrorAlert } from '../components/ui/Alert';
import { QueryState } from '../components/ui/QueryState';
import { pageFrameCatalogues } from '../i18n/customer/page-frame';
import { unsubscribeCatalogues, type UnsubscribeMessages } from '../i18n/customer/unsubscribe';

/**
 * /unsubscribe/:token (public, no session), the link at the foot of every review-request e-mail.
 * Opening the page only reads the link's status: mail scanners prefetch links, so nothing changes
 * until the customer presses 'Se désabonner' (the POST). Then, or when it was already done, it
 * confirms that the shop will no longer write to this address. In the customer's language: the
 * request's (decision 056), the browser's until the status is read or when the link is not valid;
 * the layout around it (skip link, home link, legal footer, retry) too, so no French is left around.
 */
export default function UnsubscribeScreen() {
  const { token = '' } = useParams();

  const status = useUnsubscribeStatus(token);
  const submit = useUnsubscribe(token);
  const language = status.data ? languageOf(status.data.locale) : browserLanguage();
  const t = unsubscribeCatalogues[language];
  const frame = pageFrameCatalogues[language];
  useEffect(() => {
    // The document's language, for screen readers and the browser's translation offer.
    const previous = document.documentElement.lang;
    document.documentElement.lang = language;
    return () => {
      document.documentElement.lang = previous;
    };
  }, [language]);

  const doneRef = useRef<HTMLDivElement>(null);
  const done = submit.isSuccess;
  useEffect(() => {
    // The button is gone: bring the reader to the confirmation.
    if (done) doneRef.current?.focus();
  }, [done]);

  const busy = submit.isPending;
  const body =
    isInvalidLink(status.error) || isInvalidLink(submit.error) ? (
      <InvalidLink t={t} />
    ) : (
      <QueryState query={status} loadingLabel={t.loading} className={status.isPending ? 'justify-start py-4' : undefined} errorMessage={t.failed} retryLabel={frame.retry}>
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
              <StoreAddressDetails storeLabel={t.storeLabel} storeName={data.store_name} addressLabel={t.addressLabel} address={data.email} />
              <p className="text-sm text-slate-600">{t.explanation}</p>
              {submit.isError && <ErrorAlert>{t.failed}</ErrorAlert>}
              <LinkActionButton busy={busy} onClick={() => submit.mutate()}>
                <MailX aria-hidden="true" className="size-4" />
                {busy ? t.submitting : t.submit}
              </LinkActionButton>
            </div>
          )
        }
      </QueryState>
    );

  return (
    <PublicLayout title={t.title} width="md" customer={{ language, texts: frame }}>
      {body}
    </PublicLayout>
  );
}

function InvalidLink({ t }: { t: UnsubscribeMessages }) {
  return (
    <ErrorAlert>
      <p className="font-medium">{t.invalid}</p>
      <p className="mt-1">{t.invalidHelp}</p>
    </ErrorAlert>
  );
}
