import { CircleCheck, Rocket } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button';
import { messages } from '#web/i18n';
import { usePageHeader } from '#web/lib/page-header';

/** /app/upsell: a deliberate 'coming soon' placeholder (docs/product/screens.md). */
export default function UpsellScreen() {
  const t = messages.appScreens.upsell;
  usePageHeader(t.title, t.subtitle);
  return (
    <section aria-labelledby="upsell-heading" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="grid gap-8 p-6 sm:p-10 md:grid-cols-[1fr_auto] md:items-center">
        <div className="min-w-0">
          <span className="inline-flex items-center rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">{t.badge}</span>
          <h2 id="upsell-heading" className="mt-4 text-xl font-semibold text-slate-900 sm:text-2xl">
            {t.heading}
          </h2>
          <p className="mt-2 max-w-xl text-slate-600">{t.body}</p>
          <ul className="mt-6 flex flex-col gap-3">
            {t.points.map((point) => (
              <li key={point} className="flex items-start gap-2 text-sm text-slate-700">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
                {point}
              </li>
            ))}
          </ul>
          <Link to="/app/flow" className={buttonClass('secondary', 'md', 'mt-8 text-center')}>
            {t.cta}
          </Link>
        </div>
        <div aria-hidden="true" className="hidden size-40 items-center justify-center rounded-full bg-gradient-to-br from-brand-100 to-brand-300 md:flex">
          <Rocket className="size-16 text-brand-800" />
        </div>
      </div>
    </section>
  );
}
