import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useInsideShopifyAdmin } from '#web/lib/admin-door';
import { PageHeaderProvider } from '#web/lib/page-header';
import { OpeningBillingSync } from '../plans/BillingNotice';
import { SkipLink, mainContentId } from '../ui/SkipLink';
import { AdminDoorLayout } from './AdminDoorLayout';
import { AppHeader } from './AppHeader';
import { MobileDrawer } from './MobileDrawer';
import { ScreenOutlet } from './ScreenOutlet';
import { Sidebar } from './Sidebar';

const desktopQuery = '(min-width: 48rem)';

/**
 * Layout of every /app screen: full-height sidebar column with a sticky panel on desktop, off-canvas
 * drawer below `md`, sticky header.
 * Screens set their header with `usePageHeader(title, subtitle)`.
 * Opening the app re-reads the connected store's billing on Shopify, once per store and page load
 * (the dashboard and the plans page show a refused plan change it tells).
 */
export function AppLayout() {
  // Inside the Shopify admin, the admin's own navigation and title bar stand in for ours (decision 053).
  return useInsideShopifyAdmin() ? <AdminDoorLayout /> : <StandaloneLayout />;
}

function StandaloneLayout() {
  const { pathname, search } = useLocation();
  // The drawer is open for one location: navigating (a sidebar link in the drawer) closes it
  // without an effect, since the location it was opened for is no longer the current one.
  const here = `${pathname}${search}`;
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === here;
  const setDrawerOpen = useCallback((open: boolean) => setDrawerOpenAt(open ? here : null), [here]);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const drawerId = useId();

  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    menuButtonRef.current?.focus();
  }, [setDrawerOpen]);

  // Growing past `md` hides the drawer: drop its state so the page can scroll again.
  useEffect(() => {
    if (!drawerOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(desktopQuery);
    const onChange = () => query.matches && setDrawerOpen(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [drawerOpen, setDrawerOpen]);

  return (
    <PageHeaderProvider>
      <OpeningBillingSync />
      <SkipLink />
      <div className="min-h-dvh bg-slate-50 md:flex">
        {/* The column is in the flow and stretches to the page's full height, so its white and its
            border run to the bottom of a long screen (a fixed column was one viewport tall: a
            full-page capture showed the grey below it); the panel inside sticks to the top of the
            window, one viewport tall, scrolling by itself if the window is short. */}
        <div className="hidden w-64 shrink-0 border-r border-slate-200 bg-white md:block">
          <div className="sticky top-0 h-dvh overflow-y-auto">
            <Sidebar />
          </div>
        </div>
        {drawerOpen && (
          <MobileDrawer id={drawerId} onClose={closeDrawer}>
            <Sidebar />
          </MobileDrawer>
        )}
        <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
          <AppHeader drawerOpen={drawerOpen} drawerId={drawerId} onOpenDrawer={() => setDrawerOpen(true)} menuButtonRef={menuButtonRef} />
          <main id={mainContentId} tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
            <ScreenOutlet />
          </main>
        </div>
      </div>
    </PageHeaderProvider>
  );
}

export default AppLayout;
