import { Quote, Star } from 'lucide-react';
import { messages } from '#web/i18n';

/** One customer quote (marketing content). */
export function TestimonialSection() {
  const t = messages.landing.testimonial;
  const initials = t.author
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
  return (
    <section aria-label={t.label} className="bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-24 sm:px-6">
        <figure className="relative rounded-3xl border border-slate-200 bg-white p-8 shadow-sm sm:p-12">
          <Quote aria-hidden="true" className="absolute -top-5 left-8 size-10 rounded-full bg-brand-700 p-2 text-white" />
          <p className="flex gap-1" role="img" aria-label={t.rating}>
            {Array.from({ length: 5 }, (_, i) => (
              <Star key={i} aria-hidden="true" className="size-5 text-amber-400" fill="currentColor" strokeWidth={0} />
            ))}
          </p>
          <blockquote className="mt-6 text-xl font-medium leading-9 text-slate-900 sm:text-2xl">
            <p>{`«\u202f${t.quote}\u202f»`}</p>
          </blockquote>
          <figcaption className="mt-8 flex items-center gap-4">
            <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-900">
              {initials}
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{t.author}</span>
              <span className="block text-sm text-slate-600">{t.role}</span>
            </span>
          </figcaption>
        </figure>
      </div>
    </section>
  );
}
