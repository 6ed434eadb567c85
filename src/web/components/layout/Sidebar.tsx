import { Stethoscope } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { Logo } from '../ui/Logo';
import { sidebarItems } from './sidebar-items';

/** Sidebar content (logo, main navigation, help card); used by the desktop column and the drawer. */
export function Sidebar() {
  const t = messages.layout;
  return (
    <aside aria-label={t.sidebarLabel} className="flex h-full flex-col gap-6 px-4 py-5">
      <div className="px-2">
        <Logo to="/app/dashboard" />
      </div>
      <nav aria-label={t.nav.label} className="flex-1">
        <ul className="flex flex-col gap-1">
          {sidebarItems.map(({ to, label, icon: Icon, dot }) => (
            <li key={to}>
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cx(
                    'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                    isActive ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                  )
                }
              >
                {({ isActive }) => (
                  <>
                    <Icon aria-hidden="true" className={cx('size-4 shrink-0', isActive ? 'text-brand-700' : 'text-slate-500 group-hover:text-slate-700')} />
                    <span className="flex-1 truncate">{label}</span>
                    {dot && <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-emerald-500" />}
                  </>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Stethoscope aria-hidden="true" className="size-4 text-brand-700" />
          {t.help.title}
        </p>
        <p className="mt-1 text-xs text-slate-600">{t.help.body}</p>
        <Link to="/app/shopify-diagnostic" className="mt-3 inline-block text-xs font-semibold text-brand-700 underline-offset-2 hover:underline">
          {t.help.link}
        </Link>
      </div>
    </aside>
  );
}
