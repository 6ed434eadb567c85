import { Construction } from 'lucide-react';
import { useId } from 'react';
import { messages } from '../../i18n';

/** Neutral body for screens that are not built yet. Renders an h2: the page owns its h1. */
export function UnderConstruction({ description }: { description?: string }) {
  const t = messages.common.underConstruction;
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center"
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700"
      >
        <Construction className="size-6" />
      </span>
      <h2 id={headingId} className="mt-4 text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-1 max-w-md text-sm text-slate-600">{description ?? t.body}</p>
    </section>
  );
}
