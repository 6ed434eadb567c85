import { Pencil, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { Flow } from '#web/api/flows';
import { buttonClass } from '#web/components/ui/button';
import { locale, messages } from '#web/i18n';
import { cx } from '#web/lib/cx';

const t = messages.flow;

/** "50,00 €" */
function formatEuros(amount: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

function Badge({ active }: { active: boolean }) {
  return (
    <span className={cx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', active ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700')}>
      {active ? t.card.active : t.card.inactive}
    </span>
  );
}

function channelsLabel(channels: Flow['channels']): string {
  const names = [channels.email ? t.channels.email : null, channels.whatsapp ? t.channels.whatsapp : null].filter((name): name is string => name !== null);
  return names.length > 0 ? names.join(', ') : t.channels.none;
}

function targetLabel(flow: Flow): string {
  if (flow.target_all_orders) return t.target.all;
  const amount = Number(flow.minimum_order_amount);
  return t.target.minimum(formatEuros(Number.isFinite(amount) ? amount : 0));
}

export function FlowCard({ flow, editButtonId, onEdit, onDelete }: { flow: Flow; editButtonId: string; onEdit: (flow: Flow) => void; onDelete: (flow: Flow) => void }) {
  const headingId = useId();
  const details: [string, string][] = [
    [t.card.trigger, t.triggers[flow.trigger_event] ?? flow.trigger_event],
    [t.card.delay, t.delay(flow.delay_days, flow.trigger_event)],
    [t.card.channels, channelsLabel(flow.channels)],
    [t.card.target, targetLabel(flow)],
    [t.card.reminder, flow.reminder_days === null ? t.reminder.none : t.reminder.after(flow.reminder_days)],
  ];
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {flow.name}
          </h3>
          <Badge active={flow.is_active} />
        </div>
        <div className="flex flex-wrap gap-2">
          <button id={editButtonId} type="button" onClick={() => onEdit(flow)} className={buttonClass('secondary', 'sm')}>
            <Pencil aria-hidden="true" className="size-4" />
            {t.card.edit} <span className="sr-only">{t.card.flowName(flow.name)}</span>
          </button>
          <button type="button" onClick={() => onDelete(flow)} className={buttonClass('secondary', 'sm')}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t.card.delete} <span className="sr-only">{t.card.flowName(flow.name)}</span>
          </button>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="mt-1 font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
