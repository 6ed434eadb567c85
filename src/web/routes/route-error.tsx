import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PublicLayout } from '../components/layout/PublicLayout';
import { buttonClass } from '../components/ui/button';
import { messages } from '../i18n';
import { NotFoundScreen } from './not-found';

/** Error boundary of the root route: a 404 response shows the 404 screen, anything else a retry. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const t = messages.common;
  return (
    <PublicLayout title={t.routeError.title}>
      <p className="text-slate-600">{t.routeError.body}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          {t.reload}
        </button>
        <Link to="/" className={buttonClass('secondary')}>
          {t.backHome}
        </Link>
      </div>
    </PublicLayout>
  );
}

export default RouteErrorScreen;
