import { messages } from '#web/i18n';

/** Band of marketing figures (docs/product/screens.md). */
export function MetricsSection() {
  const t = messages.landing.metrics;
  return (
    <section aria-labelledby="metrics-title" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="metrics-title" className="text-center text-2xl font-bold tracking-tight text-slate-900">
          {t.title}
        </h2>
        <p className="mt-2 text-center text-slate-600">{t.subtitle}</p>
        <dl className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {t.items.map((item) => (
            <div key={item.value} className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-slate-50 p-5 text-center last:col-span-2 sm:last:col-span-1">
              <dt className="mt-1 text-sm text-slate-600">{item.label}</dt>
              <dd className="text-3xl font-extrabold tracking-tight text-brand-700">{item.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
