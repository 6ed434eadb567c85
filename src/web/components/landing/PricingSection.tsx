import { Link } from 'react-router';
import { messages } from '#web/i18n';
import { usePlans } from '#web/api/plans';
import { PlanCard } from '../plans/PlanCard';
import { QueryState } from '../ui/QueryState';
import { buttonClass } from '../ui/button';
import { SectionHeading } from './SectionHeading';

const t = messages.landing.pricing;

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
  const query = usePlans();
  const body = (
    <QueryState query={query} loading={<PricingSkeleton />} errorMessage={t.error} className="mx-auto mt-14 max-w-xl">
      {(plans) =>
        plans.length === 0 ? (
          <p className="mt-14 text-center text-slate-600">{t.empty}</p>
        ) : (
          <ul className="mt-16 grid items-stretch gap-8 lg:grid-cols-3">
            {plans.map((plan, index) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                popular={index === 1}
                action={
                  <Link to="/signup" className={buttonClass(index === 1 ? 'primary' : 'secondary', 'md', 'w-full')}>
                    {t.choose(plan.name)}
                  </Link>
                }
              />
            ))}
          </ul>
        )
      }
    </QueryState>
  );

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
