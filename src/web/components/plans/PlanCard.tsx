import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { messages } from '../../i18n';
import { cx } from '../../lib/cx';
import { formatPrice } from '../../lib/format';
import type { Plan } from '../../api/plans';

export interface PlanCardProps {
  plan: Plan;
  /** The second plan is marked 'POPULAIRE' and stands out. */
  popular: boolean;
  /** h3 under a section's h2 (landing), h2 directly under the page's h1 (plan selection). */
  headingLevel?: 'h2' | 'h3';
  /** A short note under the price, e.g. "already selected". */
  note?: ReactNode;
  /** The card's call to action (a link or a button). */
  action: ReactNode;
}

/** A plan as a list item: name, French-formatted monthly price from the API, features, action. */
export function PlanCard({ plan, popular, headingLevel: Heading = 'h3', note, action }: PlanCardProps) {
  const t = messages.common.plans;
  const price = formatPrice(plan.price_amount, plan.price_currency);
  const titleId = `plan-${plan.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cx(
        'relative flex flex-col rounded-2xl border bg-white p-8 shadow-sm',
        popular ? 'border-brand-700 shadow-xl ring-1 ring-brand-700 lg:-my-4 lg:py-12' : 'border-slate-200',
      )}
    >
      {popular && <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white">{t.popular}</span>}
      <Heading id={titleId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </Heading>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{price ?? plan.price_amount}</span>
        <span className="text-sm font-medium text-slate-600">{t.perMonth}</span>
      </p>
      {note && <p className="mt-2 text-sm font-medium text-brand-800">{note}</p>}
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
