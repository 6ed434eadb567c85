import { ChevronRight, Menu } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { useCurrentPageHeader } from '#web/lib/page-header';
import { useSession, useSignOut } from '#web/lib/session';
import { ErrorAlert } from '../ui/Alert';
import { AccountMenu } from './AccountMenu';
import { ShopifyAdminButton } from './ShopifyAdminButton';

export interface AppHeaderProps {
  drawerOpen: boolean;
  drawerId: string;
  onOpenDrawer: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}

/** Top bar of /app: drawer button (phones), breadcrumb with the page h1, Shopify link, account menu. */
export function AppHeader({ drawerOpen, drawerId, onOpenDrawer, menuButtonRef }: AppHeaderProps) {
  const t = messages.layout;
  const header = useCurrentPageHeader();
  const { data: session } = useSession();
  // Signs out here and in the other tabs, empties the cache and goes to /login.
  const signOut = useSignOut();
  const handleSignOut = () => signOut.mutate();

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex min-h-16 items-center gap-3 px-4 py-3 md:px-8">
        <button
          ref={menuButtonRef}
          type="button"
          aria-label={t.openMenu}
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? drawerId : undefined}
          onClick={onOpenDrawer}
          className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
        >
          <Menu aria-hidden="true" className="size-5" />
        </button>

        <div className="min-w-0 flex-1">
          <nav aria-label={t.breadcrumb.label}>
            <ol className="flex min-w-0 items-center gap-1.5 text-sm">
              <li className="hidden shrink-0 sm:block">
                <Link to="/app/dashboard" className="text-slate-600 hover:text-slate-900">
                  {t.breadcrumb.root}
                </Link>
              </li>
              <li aria-hidden="true" className="hidden text-slate-400 sm:block">
                <ChevronRight className="size-4" />
              </li>
              <li aria-current="page" className="min-w-0">
                <h1 className="truncate text-base font-semibold text-slate-900 md:text-lg">{header?.title ?? '\u00a0'}</h1>
              </li>
            </ol>
          </nav>
          {header?.subtitle && <p className="truncate text-sm text-slate-600">{header.subtitle}</p>}
        </div>

        <div className="flex shrink-0 items-center gap-2 md:gap-3">
          <ShopifyAdminButton />
          <AccountMenu user={session?.user ?? null} onSignOut={handleSignOut} signingOut={signOut.isPending} />
        </div>
      </div>
      {signOut.isError && (
        <div className="px-4 pb-3 md:px-8">
          <ErrorAlert>{t.account.signOutError}</ErrorAlert>
        </div>
      )}
    </header>
  );
}
