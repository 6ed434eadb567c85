import { ChartColumn, MailCheck, SlidersHorizontal, Store, type LucideIcon } from 'lucide-react';
import { messages } from '#web/i18n';
import { SectionHeading } from './SectionHeading';

const icons: readonly LucideIcon[] = [MailCheck, SlidersHorizontal, Store, ChartColumn];

/** The four core features: automatic requests, conditional actions, shop integration, analytics. */
export function FeaturesSection() {
  const t = messages.landing.features;
  return (
    <section id="fonctionnalites" aria-labelledby="features-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
        <SectionHeading id="features-title" eyebrow={t.eyebrow} title={t.title} subtitle={t.subtitle} />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2">
          {t.items.map((feature, index) => {
            const Icon = icons[index] ?? MailCheck;
            return (
              <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
                <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{feature.body}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
