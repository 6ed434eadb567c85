import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { buttonClass } from '../ui/button';
import { Logo } from '../ui/Logo';

export interface SiteHeaderProps {
  /** In-page anchors shown on wide screens (landing page only). */
  sections?: ReadonlyArray<{ href: string; label: string }>;
}

/** Public site header: logo, optional section anchors, 'Se connecter' and 'Commencer'. */
export function SiteHeader({ sections }: SiteHeaderProps) {
  const t = messages.landing.nav;
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Logo to="/" compact />
        <nav aria-label={t.label} className="flex items-center gap-1 sm:gap-2">
          {sections && sections.length > 0 && (
            <ul className="mr-2 hidden items-center gap-1 lg:flex">
              {sections.map((section) => (
                <li key={section.href}>
                  <a href={section.href} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900">
                    {section.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <Link to="/login" className={buttonClass('ghost', 'sm', 'whitespace-nowrap max-[400px]:px-2')}>
            {t.login}
          </Link>
          <Link to="/signup" className={buttonClass('primary', 'sm', 'whitespace-nowrap')}>
            {t.signup}
          </Link>
        </nav>
      </div>
    </header>
  );
}
