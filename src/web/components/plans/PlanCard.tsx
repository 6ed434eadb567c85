import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { formatPrice } from '#web/lib/format';
import type { Plan } from '#web/api/plans';

export interface PlanCardProps {
  plan: Plan;
  /** The second plan is marked 'POPULAIRE' and stands out. */
  popular: boolean;
  /** h3 under a section's h2 (landing), h2 directly under the page's h1 (plan selection). */
  headingLevel?: 'h2' | 'h3';
  /** The store's plan: marked 'Plan actuel' (in the card's accessible name too). */
  current?: boolean;
  /** A short note under the price, e.g. "already selected"; `warning` for a consequence to weigh. */
  note?: ReactNode;
  noteTone?: 'brand' | 'warning';
  /** The card's call to action (a link or a button). */
  action: ReactNode;
}

/** A plan as a list item: name, French-formatted monthly price from the API, features, action. */
export function PlanCard({ plan, popular, headingLevel: Heading = 'h3', current = false, note, noteTone = 'brand', action }: PlanCardProps) {
  const t = messages.common.plans;
  const price = formatPrice(plan.price_amount, plan.price_currency);
  const titleId = `plan-${plan.id}-title`;
  const currentId = `plan-${plan.id}-current`;
  return (
    <li
      aria-labelledby={current ? `${titleId} ${currentId}` : titleId}
      className={cx(
        'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm',
        popular ? 'border-brand-700 shadow-xl ring-1 ring-brand-700 lg:-my-4 lg:py-12' : current ? 'border-green-700 ring-1 ring-green-700' : 'border-slate-200',
      )}
    >
      {popular && <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white">{t.popular}</span>}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Heading id={titleId} className="text-lg font-semibold text-slate-900">
          {plan.name}
        </Heading>
        {current && (
          <span id={currentId} className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
            {messages.plans.current}
          </span>
        )}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{price ?? plan.price_amount}</span>
        <span className="text-sm font-medium text-slate-600">{t.perMonth}</span>
      </p>
      {note && <p className={cx('mt-2 text-sm font-medium', noteTone === 'warning' ? 'text-amber-900' : 'text-brand-800')}>{note}</p>}
      <ul className="mt-6 flex flex-1 flex-col gap-3 border-t border-slate-100 pt-6">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-sm text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </li>
  );
}
