import { Mail, Palette, Plug, type LucideIcon } from 'lucide-react';
import { messages } from '#web/i18n';
import { SectionHeading } from './SectionHeading';

const icons: readonly LucideIcon[] = [Plug, Palette, Mail];

/** Integrations, branding & pages, e-mail templates. */
export function CustomizationSection() {
  const t = messages.landing.customization;
  return (
    <section aria-labelledby="customization-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
        <SectionHeading id="customization-title" eyebrow={t.eyebrow} title={t.title} subtitle={t.subtitle} />
        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {t.items.map((item, index) => {
            const Icon = icons[index] ?? Plug;
            return (
              <li key={item.title} className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6">
                <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                  <Icon className="size-5" />
                </span>
                <h3 className="mt-5 text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 flex-1 leading-7 text-slate-600">{item.body}</p>
                <ul className="mt-5 flex flex-wrap gap-2" aria-label={item.title}>
                  {item.tags.map((tag) => (
                    <li key={tag} className="rounded-full border border-slate-200 bg-white px-3 py-1 font-mono text-xs text-slate-700">
                      {tag}
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
