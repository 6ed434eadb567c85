import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { useYear } from '#web/lib/clock';
import { Logo } from '../ui/Logo';

const legalLinks = [
  { to: '/privacy-policy', label: messages.common.footer.privacy },
  { to: '/terms-of-service', label: messages.common.footer.terms },
  { to: '/legal-notice', label: messages.common.footer.legalNotice },
] as const;

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm text-slate-600">{children}</ul>
    </div>
  );
}

/**
 * Public footer: brand, four columns (Produit, Entreprise, Support as plain text; Légal as links)
 * and the copyright line.
 */
export function SiteFooter() {
  const t = messages.landing.footer;
  const { product, company, support, legal } = t.columns;
  const year = useYear();
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-6">
        <div className="md:col-span-2">
          <Logo to="/" />
          <p className="mt-3 max-w-xs text-sm text-slate-600">{t.about}</p>
        </div>
        {[product, company, support].map((column) => (
          <FooterColumn key={column.title} title={column.title}>
            {column.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </FooterColumn>
        ))}
        <FooterColumn title={legal.title}>
          {legalLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="text-slate-700 underline-offset-2 hover:text-brand-800 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </FooterColumn>
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-600 sm:px-6">{messages.common.footer.copyright(year)}</p>
      </div>
    </footer>
  );
}
