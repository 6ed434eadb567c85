import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { messages } from '#web/i18n';
import { pageFrameCatalogues } from '#web/i18n/customer/page-frame';
import { browserLanguage, isCustomerPage } from '#web/lib/customer-page';
import { useAuthSync } from '#web/lib/session';
import { LoadingScreen } from '../ui/Spinner';

/** Thin bar at the top of the window while a lazy screen is loading. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-pulse bg-brand-700" />
    </div>
  );
}

/** Root route element: every page renders inside it. Follows sign-ins and sign-outs of other tabs. */
export function RootShell() {
  useAuthSync();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/**
 * The first paint, while the screen's code loads (the root's HydrateFallback). A customer's page
 * (issue 48) says so in the browser's language, the one the page itself starts in, and the document
 * is in that language meanwhile, its tab titled with the brand alone (index.html's title carries the
 * French tagline): no French before a page in another language.
 */
export function RootFallback() {
  const { pathname } = useLocation();
  const language = isCustomerPage(pathname) ? browserLanguage() : null;
  useEffect(() => {
    if (!language) return;
    const previous = document.documentElement.lang;
    document.documentElement.lang = language;
    document.title = messages.common.brandName;
    return () => {
      document.documentElement.lang = previous;
    };
  }, [language]);
  return <LoadingScreen label={language ? pageFrameCatalogues[language].loading : undefined} />;
}
