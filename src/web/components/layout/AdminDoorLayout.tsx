import { createElement, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { navigationTarget } from '#web/lib/admin-door';
import { PageHeaderProvider, useCurrentPageHeader } from '#web/lib/page-header';
import { OpeningBillingSync } from '../plans/BillingNotice';
import { mainContentId } from '../ui/SkipLink';
import { ScreenOutlet } from './ScreenOutlet';
import { sidebarItems } from './sidebar-items';

/**
 * The /app screens inside the Shopify admin (decision 053): the admin draws the app's navigation (from
 * `ui-nav-menu`) in its own left menu and the screen's title in its title bar (`ui-title-bar`), so the
 * app's sidebar and header give way; the screens themselves are the same. A click in the admin's menu
 * comes back as App Bridge's `shopify:navigate` event, which the router follows.
 */
export function AdminDoorLayout() {
  return (
    <PageHeaderProvider>
      <OpeningBillingSync />
      <AdminChrome />
      <main id={mainContentId} tabIndex={-1} className="min-h-dvh bg-slate-50 px-4 py-6 outline-none md:px-8">
        <ScreenHeading />
        <ScreenOutlet />
      </main>
    </PageHeaderProvider>
  );
}

/** The screen's title, which the admin shows in its title bar: the frame's own heading for assistive technologies. */
function ScreenHeading() {
  const header = useCurrentPageHeader();
  return <h1 className="sr-only">{header?.title ?? ''}</h1>;
}

/** App Bridge's custom elements: read by the admin, never shown in the frame. */
function AdminChrome() {
  const header = useCurrentPageHeader();
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: Event) => {
      const href = navigationTarget(event);
      if (!href) return;
      // Handled here: App Bridge then does not load the page itself.
      event.preventDefault();
      void navigate(href);
    };
    document.addEventListener('shopify:navigate', follow);
    return () => document.removeEventListener('shopify:navigate', follow);
  }, [navigate]);

  return (
    <>
      {createElement(
        'ui-nav-menu',
        null,
        // The first link is the app's home, which the admin shows as the app's name.
        <a href="/app/dashboard" rel="home">
          {sidebarItems[0]!.label}
        </a>,
        ...sidebarItems.slice(1).map((item) => (
          <a key={item.to} href={item.to}>
            {item.label}
          </a>
        )),
      )}
      {header && createElement('ui-title-bar', { title: header.title })}
    </>
  );
}

export default AdminDoorLayout;
