import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '../../i18n';
import { cx } from '../../lib/cx';
import { formatPrice } from '../../lib/format';
import { usePlans, type Plan } from '../../lib/plans';
import { ErrorAlert } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { SectionHeading } from './SectionHeading';

const t = messages.landing.pricing;

function PlanCard({ plan, popular }: { plan: Plan; popular: boolean }) {
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
      {popular && (
        <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white">
          {t.popular}
        </span>
      )}
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{price ?? plan.price_amount}</span>
        <span className="text-sm font-medium text-slate-600">{t.perMonth}</span>
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-3 border-t border-slate-100 pt-6">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-sm text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            {feature}
          </li>
        ))}
      </ul>
      <Link
        to="/signup"
        className={buttonClass(popular ? 'primary' : 'secondary', 'md', 'mt-8 w-full')}
      >
        {t.choose(plan.name)}
      </Link>
    </li>
  );
}

function PricingSkeleton() {
  return (
    <div aria-busy="true" className="mt-14">
      <p role="status" className="sr-only">
        {t.loading}
      </p>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="animate-pulse rounded-2xl border border-slate-200 bg-white p-8">
            <div className="h-5 w-24 rounded bg-slate-200" />
            <div className="mt-6 h-10 w-32 rounded bg-slate-200" />
            <div className="mt-8 space-y-3">
              <div className="h-4 rounded bg-slate-100" />
              <div className="h-4 w-5/6 rounded bg-slate-100" />
              <div className="h-4 w-4/6 rounded bg-slate-100" />
            </div>
            <div className="mt-10 h-10 rounded-lg bg-slate-200" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Pricing cards loaded from GET /api/plans (never hard-coded); the second plan is 'POPULAIRE'. */
export function PricingSection() {
  const { data: plans, isPending, isError, refetch, isRefetching } = usePlans();

  let body;
  if (isPending) {
    body = <PricingSkeleton />;
  } else if (isError) {
    body = (
      <ErrorAlert
        className="mx-auto mt-14 max-w-xl"
        action={
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => void refetch()}
            disabled={isRefetching}
          >
            {messages.common.retry}
          </button>
        }
      >
        {t.error}
      </ErrorAlert>
    );
  } else if (plans.length === 0) {
    body = <p className="mt-14 text-center text-slate-600">{t.empty}</p>;
  } else {
    body = (
      <ul className="mt-16 grid items-stretch gap-8 lg:grid-cols-3">
        {plans.map((plan, index) => (
          <PlanCard key={plan.id} plan={plan} popular={index === 1} />
        ))}
      </ul>
    );
  }

  return (
    <section id="tarifs" aria-labelledby="pricing-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-24 sm:px-6">
        <SectionHeading id="pricing-title" eyebrow={t.eyebrow} title={t.title} subtitle={t.subtitle} />
        {body}
        <p className="mt-10 text-center text-sm text-slate-600">{t.footnote}</p>
      </div>
    </section>
  );
}
