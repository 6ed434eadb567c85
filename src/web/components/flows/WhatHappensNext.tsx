import { Link } from 'react-router';
import { useFlows } from '#web/api/flows';
import { messages } from '#web/i18n';
import { formatPrice } from '#web/lib/format';
import { WarningNote } from '../ui/Alert';
import { textLinkClass } from '../ui/TextField';

const t = messages.flow;

/**
 * What will happen next for a store that has not sent anything yet: its active flows in plain words
 * (a new install has the default one), or a warning that nothing will be asked without one. Shown by
 * the dashboard and the calendar while they are empty, so an empty screen never leaves a merchant
 * guessing. Says nothing while the flows load or if they cannot be read (the screen has its own errors).
 */
export function WhatHappensNext({ calendarLink = false }: { calendarLink?: boolean }) {
  const flows = useFlows();
  if (!flows.data) return null;
  const active = flows.data.flows.filter((f) => f.is_active && f.channels.email);
  if (active.length === 0) {
    return (
      <WarningNote>
        <p>{t.next.none}</p>
        <Link to="/app/flow" className="mt-1 inline-block font-medium underline underline-offset-2">
          {t.next.configure}
        </Link>
      </WarningNote>
    );
  }
  return (
    <section aria-labelledby="what-happens-next" className="rounded-2xl border border-brand-200 bg-brand-50 p-5 text-sm text-slate-800">
      <h2 id="what-happens-next" className="text-base font-semibold text-slate-900">
        {t.next.title}
      </h2>
      <p className="mt-2">{t.next.active}</p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {active.map((f) => (
          <li key={f.id}>
            {t.next.item(f.name, t.delay(f.delay_days, f.trigger_event))}
            {!f.target_all_orders && f.minimum_order_amount > 0 ? t.next.minimum(formatPrice(f.minimum_order_amount, 'EUR') ?? String(f.minimum_order_amount)) : ''}.
          </li>
        ))}
      </ul>
      <p className="mt-2">{t.next.calendar}</p>
      {calendarLink && (
        <Link to="/app/schedule" className={`${textLinkClass} mt-2 inline-block`}>
          {t.next.calendarLink}
        </Link>
      )}
    </section>
  );
}
