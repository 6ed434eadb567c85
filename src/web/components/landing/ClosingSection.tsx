import { ArrowRight, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '#web/i18n';

/** Closing call to action: conversational e-commerce, 'Commencer gratuitement' to /signup. */
export function ClosingSection() {
  const t = messages.landing.closing;
  return (
    <section aria-labelledby="closing-title" className="bg-white px-4 py-24 sm:px-6">
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-brand-900 px-6 py-16 text-center shadow-xl sm:px-16">
        <div aria-hidden="true" className="absolute -right-24 -top-24 size-72 rounded-full bg-brand-400/20 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-24 -left-24 size-72 rounded-full bg-brand-400/20 blur-3xl" />
        <p className="relative inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100">
          <MessagesSquare aria-hidden="true" className="size-4" />
          {t.eyebrow}
        </p>
        <h2 id="closing-title" className="relative mt-6 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {t.title}
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg text-brand-50">{t.body}</p>
        <Link
          to="/signup"
          className="relative mt-10 inline-flex items-center gap-2 rounded-lg bg-white px-6 py-3 font-semibold text-brand-900 shadow-sm hover:bg-brand-50 focus-visible:outline-white"
        >
          {t.cta}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </section>
  );
}
