import { Link } from 'react-router';
import { PublicLayout } from '../components/layout/PublicLayout';
import { buttonClass } from '../components/ui/button';
import { messages } from '../i18n';

/** 404 screen for any path outside src/core/routes.ts. */
export function NotFoundScreen() {
  const t = messages.notFound;
  return (
    <PublicLayout title={t.title}>
      <p className="text-5xl font-bold tracking-tight text-brand-700" aria-hidden="true">
        {t.code}
      </p>
      <p className="mt-3 text-slate-600">{t.body}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
        {t.home}
      </Link>
    </PublicLayout>
  );
}

export default NotFoundScreen;
