import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useAuthSync } from '#web/lib/session';

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
