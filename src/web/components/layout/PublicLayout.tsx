import { createElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CustomerLanguage } from '#core/customer-language';
import { messages } from '#web/i18n';
import type { PageFrameMessages } from '#web/i18n/customer/page-frame';
import { useInsideShopifyAdmin } from '#web/lib/admin-door';
import { useYear } from '#web/lib/clock';
import { useDocumentTitle } from '#web/lib/page-header';
import { Logo } from '../ui/Logo';
import { SkipLink, mainContentId } from '../ui/SkipLink';

export interface PublicLayoutProps {
  /** The page's h1 (also the browser tab title). */
  title: string;
  subtitle?: string;
  /** Card width: `sm` for forms, `md` by default, `lg` for wider content, `xl` for plan cards. */
  width?: 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
  /**
   * A page a customer opens (issue 48): its frame (skip link, home link, legal footer) in the
   * customer's language. Without it, the merchant's French.
   */
  customer?: { language: CustomerLanguage; texts: PageFrameMessages };
}

const widths = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

/**
 * Simple centered layout for public screens (auth, install flow, review page, errors). Inside the
 * Shopify admin (the plan choice, where its subscription gate leads: decision 053) the admin's title
 * bar names the page and the brand's header gives way: its link would leave for the public site.
 */
export function PublicLayout({ title, subtitle, width = 'md', children, customer }: PublicLayoutProps) {
  useDocumentTitle(title);
  const t = customer?.texts ?? { ...messages.common.footer, skipToContent: messages.common.skipToContent, homeLinkLabel: messages.common.homeLinkLabel };
  // The legal pages exist in French only: a link read in another language says where it leads.
  const legalLang = customer && customer.language !== 'fr' ? 'fr' : undefined;
  const year = useYear();
  const insideAdmin = useInsideShopifyAdmin();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-slate-50 to-slate-50">
      <SkipLink label={t.skipToContent} />
      {insideAdmin ? (
        createElement('ui-title-bar', { title })
      ) : (
        <header className="px-4 py-6 sm:px-6">
          <div className="mx-auto flex max-w-6xl items-center">
            <Logo to="/" label={t.homeLinkLabel} />
          </div>
        </header>
      )}
      <main id={mainContentId} tabIndex={-1} className={`flex flex-1 items-start justify-center px-4 pb-12 outline-none sm:items-center sm:px-6 ${insideAdmin ? 'pt-6' : ''}`}>
        <div className={`w-full ${widths[width]} rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
      </main>
      <footer className="px-4 py-6 text-sm text-slate-600 sm:px-6">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 sm:flex-row">
          <p>{t.copyright(year)}</p>
          <nav aria-label={t.legalNavLabel}>
            <ul className="flex gap-4">
              <li>
                <Link to="/privacy-policy" hrefLang={legalLang} className="hover:text-slate-900 hover:underline">
                  {t.privacy}
                </Link>
              </li>
              <li>
                <Link to="/terms-of-service" hrefLang={legalLang} className="hover:text-slate-900 hover:underline">
                  {t.terms}
                </Link>
              </li>
              <li>
                <Link to="/legal-notice" hrefLang={legalLang} className="hover:text-slate-900 hover:underline">
                  {t.legalNotice}
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
