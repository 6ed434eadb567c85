import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useLegalInformation, type LegalOperator, type LegalPlan } from '#web/api/legal';
import { messages } from '#web/i18n';
import type { LegalDocumentContent, LegalFacts, LegalSection } from '#web/i18n/fr/legal';
import { formatPrice } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/page-header';
import { SiteFooter } from '../layout/SiteFooter';
import { SiteHeader } from '../layout/SiteHeader';
import { QueryState } from '../ui/QueryState';
import { SkipLink, mainContentId } from '../ui/SkipLink';

/** The API's answer as the pages read it: amounts formatted the way the landing page shows prices. */
function legalFacts({ operator: o, plans }: { operator: LegalOperator; plans: readonly LegalPlan[] }): LegalFacts {
  return {
    operator: {
      name: o.name,
      legalForm: o.legal_form,
      shareCapital: formatPrice(o.share_capital, 'EUR') ?? o.share_capital,
      address: o.address,
      registration: o.registration,
      vat: o.vat,
      phone: o.phone,
      email: o.email,
      publicationDirector: o.publication_director,
      hostingProvider: o.hosting_provider,
    },
    plans: plans.map((p) => ({ name: p.name, price: formatPrice(p.price_amount, p.price_currency) ?? p.price_amount, quota: p.is_unlimited ? null : p.email_quota })),
  };
}

function BackHomeLink() {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {messages.legal.backHome}
    </Link>
  );
}

function Section({ section }: { section: LegalSection }) {
  return (
    <section className="mt-8">
      <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
      {section.lead && <p className="mt-3 leading-7 text-slate-700">{section.lead}</p>}
      {section.items && section.items.length > 0 && (
        <ul className="mt-3 list-disc space-y-2 pl-5 leading-7 text-slate-700 marker:text-brand-700">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="mt-3 leading-7 text-slate-700">
          {paragraph}
        </p>
      ))}
      {section.link && (
        <p className="mt-3">
          <Link to={section.link.to} className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            {section.link.label}
          </Link>
        </p>
      )}
    </section>
  );
}

/**
 * A legal page: title, update date and introduction at once, then the numbered sections once
 * GET /api/legal has answered (they name the operator and the plans), and back-to-home links.
 */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  useDocumentTitle(content.title);
  const query = useLegalInformation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <SiteHeader />
      <main id={mainContentId} tabIndex={-1} className="flex-1 px-4 py-10 outline-none sm:px-6 sm:py-14">
        <article className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-10">
          <BackHomeLink />
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{content.title}</h1>
          <p className="mt-2 text-sm text-slate-600">
            {messages.legal.updatedLabel} <time dateTime="2025-10-14">{content.updatedAt}</time>
          </p>
          <p className="mt-6 leading-7 text-slate-700">{content.intro}</p>
          <QueryState query={query} loadingLabel={messages.legal.loading} errorMessage={messages.legal.loadError} className="mt-8">
            {(data) => content.sections(legalFacts(data)).map((section) => <Section key={section.heading} section={section} />)}
          </QueryState>
          <div className="mt-10 border-t border-slate-100 pt-6">
            <BackHomeLink />
          </div>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
