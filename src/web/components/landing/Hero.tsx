import { ArrowRight, CalendarClock, ShoppingBag, Star } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { buttonClass } from '../ui/button';

function Stars({ className }: { className?: string }) {
  return (
    <span className={className} aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} className="inline size-5 text-amber-400" fill="currentColor" strokeWidth={0} />
      ))}
    </span>
  );
}

/** Decorative preview of a review-request e-mail (hidden from assistive technologies). */
function EmailPreview() {
  const t = messages.landing.hero.mock;
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md">
      <div className="absolute -inset-4 -z-10 rounded-[2rem] bg-gradient-to-br from-brand-200/70 via-brand-100/40 to-transparent blur-2xl" />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl">
        <div className="flex items-center gap-2 text-xs font-medium text-slate-600">
          <CalendarClock className="size-4 text-brand-700" />
          {t.sentAfter}
        </div>
        <p className="mt-4 text-base font-semibold text-slate-900">{t.subject}</p>
        <p className="mt-3 text-sm text-slate-700">{t.greeting}</p>
        <p className="mt-1 text-sm text-slate-700">{t.body}</p>
        <Stars className="mt-4 flex gap-1" />
        <span className="mt-5 inline-flex rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white">{t.button}</span>
      </div>
      {/* Hangs from the panel's bottom edge, overlapping only its bottom padding: anchored by its top
          (growing downwards if its text wraps), it cannot cover the button at any width. Anchored by
          its bottom, it covered the button on phones and cleared it by 2 px elsewhere. */}
      <div className="absolute -right-2 top-full -mt-3 flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-lg sm:-right-8">
        <span className="flex size-9 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
          <Star className="size-4" fill="currentColor" strokeWidth={0} />
        </span>
        <span>
          <span className="block text-sm font-semibold text-slate-900">{t.newReview}</span>
          <span className="block text-xs text-slate-600">{t.newReviewDetail}</span>
        </span>
      </div>
    </div>
  );
}

/** Landing hero: promise, sign-up and install buttons, e-mail preview. */
export function Hero() {
  const t = messages.landing.hero;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto grid max-w-6xl items-center gap-16 px-4 pb-24 pt-16 sm:px-6 lg:grid-cols-2 lg:pt-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-800">
            <ShoppingBag aria-hidden="true" className="size-4" />
            {t.eyebrow}
          </p>
          <h1 id="hero-title" className="mt-6 text-3xl font-extrabold tracking-tight text-balance text-slate-900 min-[400px]:text-4xl sm:text-5xl lg:text-6xl">
            {t.title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600">{t.body}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/signup" className={buttonClass('primary', 'lg')}>
              {t.primary}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to="/app/integrations" className={buttonClass('secondary', 'lg')}>
              <ShoppingBag aria-hidden="true" className="size-4 text-brand-700" />
              {t.secondary}
            </Link>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t.reassurance}</p>
        </div>
        <EmailPreview />
      </div>
    </section>
  );
}
