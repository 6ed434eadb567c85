import { CircleCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { messages } from '#web/i18n';
import { SectionHeading } from './SectionHeading';

const SampleReviewsChart = lazy(() => import('./SampleReviewsChart'));

function ChartFallback() {
  return (
    <div className="flex h-full items-center justify-center">
      <span className="sr-only">{messages.landing.analytics.chartLoading}</span>
      <div aria-hidden="true" className="h-full w-full animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}

/** Performance analytics: selling points and a sample dashboard card with a chart. */
export function AnalyticsSection() {
  const t = messages.landing.analytics;
  return (
    <section id="analyses" aria-labelledby="analytics-title" className="bg-slate-50">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-24 sm:px-6 lg:grid-cols-2">
        <div>
          <SectionHeading id="analytics-title" eyebrow={t.eyebrow} title={t.title} align="left" />
          <p className="mt-4 text-lg leading-8 text-slate-600">{t.body}</p>
          <ul className="mt-8 flex flex-col gap-3">
            {t.points.map((point) => (
              <li key={point} className="flex items-start gap-3 text-slate-700">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <figure className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg">
          <div className="flex items-center justify-between gap-4">
            <figcaption className="font-semibold text-slate-900">{t.chartTitle}</figcaption>
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">{t.chartBadge}</span>
          </div>
          <dl className="mt-6 grid grid-cols-3 gap-3">
            {t.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-600">{stat.label}</dt>
                <dd className="text-xl font-bold text-slate-900">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <div role="img" aria-label={t.chartDescription} className="mt-6 h-56">
            <Suspense fallback={<ChartFallback />}>
              <SampleReviewsChart />
            </Suspense>
          </div>
        </figure>
      </div>
    </section>
  );
}
