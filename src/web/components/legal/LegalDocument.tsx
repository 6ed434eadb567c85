import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '../../i18n';
import type { LegalDocumentContent } from '../../i18n/fr/legal';
import { useDocumentTitle } from '../../lib/page-header';
import { SiteFooter } from '../layout/SiteFooter';
import { SiteHeader } from '../layout/SiteHeader';
import { SkipLink, mainContentId } from '../ui/SkipLink';

function BackHomeLink() {
  return (
    <Link to="/" className="inline-flex items-center gap-2 rounded-lg text-sm font-semibold text-brand-700 hover:text-brand-900">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {messages.legal.backHome}
    </Link>
  );
}

/** A static legal page: title, update date, numbered sections, back-to-home links. */
export function LegalDocument({ content }: { content: LegalDocumentContent }) {
  useDocumentTitle(content.title);
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
          {content.sections.map((section) => (
            <section key={section.heading} className="mt-8">
              <h2 className="text-lg font-semibold text-slate-900">{section.heading}</h2>
              {section.items && (
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
          ))}
          <div className="mt-10 border-t border-slate-100 pt-6">
            <BackHomeLink />
          </div>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
