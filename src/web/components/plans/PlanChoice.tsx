import { useEffect, useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BILLING_REDIRECT_CODES, type BillingRedirectCode } from '#core/api/shopify';
import { useCurrentPlan, usePlans } from '#web/api/plans';
import { messages } from '#web/i18n';
import { useCurrentStore, type CurrentStore } from '#web/lib/session';
import { ErrorAlert, SuccessAlert, WarningNote } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { QueryState } from '../ui/QueryState';
import { usePlanChange } from './plan-change';
import { PlanCard } from './PlanCard';

const t = messages.subscription;

/** After 'Abonnement activé avec succès!', the dashboard (spec: after 2 s). */
export const ACTIVATED_REDIRECT_MS = 2000;

const isBillingCode = (value: string | null): value is BillingRedirectCode => (BILLING_REDIRECT_CODES as readonly (string | null)[]).includes(value);

/**
 * The sentence for `?status=error`: the billing callback's code, in `error` or in the spec's
 * `message`, worded here. Free text from the URL is never shown: anyone can send a merchant a link
 * to this page, and a sentence of theirs ("call this number…") would read as ours.
 */
export function statusErrorText(params: URLSearchParams): string {
  const code = params.get('error') ?? params.get('message');
  return isBillingCode(code) ? t.errors[code] : t.unknownError;
}

/**
 * The plan choice of /subscription and /app/subscription-plans (docs/product/screens.md, docs/product/statuses.md, docs/product/errors.md): why the
 * merchant is here (the store's subscription status: pending, declined, expired…), the plans from
 * the database (the store's current one marked when it has one), and the choice, which creates the
 * Shopify subscription (plans-change) and sends the browser to Shopify's confirmation page. Reads
 * ?status=success (then the dashboard after 2 s) and ?status=error with a code in `error` or `message`.
 * `heading`: an h2 above the plans when the page's h1 says something else (inside the app).
 */
export function PlanChoice({ heading }: { heading?: string }) {
  const [params] = useSearchParams();
  const store = useCurrentStore();
  const status = params.get('status');

  if (status === 'success') return <Activated />;
  return (
    <>
      {status === 'error' && <ErrorAlert className="mb-6">{statusErrorText(params)}</ErrorAlert>}
      <QueryState query={store}>{(current) => (current ? <Plans store={current} heading={heading} /> : <NoStore />)}</QueryState>
    </>
  );
}

function Activated() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/app/dashboard', { replace: true }), ACTIVATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <SuccessAlert>
      <p className="font-medium">{t.activated}</p>
      <p className="mt-1">{t.activatedNext}</p>
    </SuccessAlert>
  );
}

function NoStore() {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center">
      <p className="font-medium text-slate-900">{t.noStore}</p>
      <p className="mt-1 text-sm text-slate-600">{t.noStoreHint}</p>
      <Link to="/app/integrations" className={buttonClass('primary', 'md', 'mt-4')}>
        {t.noStoreLink}
      </Link>
    </div>
  );
}

function Plans({ store, heading }: { store: CurrentStore; heading?: string }) {
  const headingId = useId();
  const plans = usePlans();
  const active = store.subscription_status === 'active';
  // Only an active subscription has a plan worth marking; a failed read just leaves it unmarked.
  const { data: current } = useCurrentPlan({ enabled: active });
  const change = usePlanChange();
  const currentCode = active ? current?.plan : undefined;

  return (
    <section aria-labelledby={heading ? headingId : undefined}>
      {heading && (
        <h2 id={headingId} className="mb-4 text-xl font-semibold text-slate-900">
          {heading}
        </h2>
      )}
      {active ? (
        <p className="mb-6 text-sm text-slate-700">
          {t.status.active}{' '}
          <Link to="/app/dashboard" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            {t.dashboardLink}
          </Link>
        </p>
      ) : (
        <WarningNote className="mb-6">{t.status[store.subscription_status]}</WarningNote>
      )}
      {change.failure && (
        <ErrorAlert className="mb-6">
          <p className="font-medium">{change.failure.text}</p>
          {change.failure.detail && <p className="mt-1">{change.failure.detail}</p>}
        </ErrorAlert>
      )}
      <QueryState query={plans} loadingLabel={t.loading} errorMessage={t.plansError}>
        {(list) =>
          list.length === 0 ? (
            <p className="py-12 text-center text-slate-600">{t.empty}</p>
          ) : (
            <ul aria-label={t.plansLabel} className="grid items-stretch gap-8 pt-4 lg:grid-cols-3">
              {list.map((plan, index) => {
                const isCurrent = plan.code === currentCode;
                return (
                  <PlanCard
                    key={plan.id}
                    plan={plan}
                    popular={index === 1}
                    current={isCurrent}
                    headingLevel={heading ? 'h3' : 'h2'}
                    action={
                      isCurrent ? (
                        <p className="rounded-lg bg-green-50 px-4 py-2.5 text-center text-sm font-semibold text-green-800">{messages.plans.currentAction}</p>
                      ) : (
                        <button
                          type="button"
                          disabled={change.busy}
                          aria-busy={change.chosenId === plan.id || undefined}
                          onClick={() => change.start(plan)}
                          className={buttonClass(index === 1 ? 'primary' : 'secondary', 'md', 'w-full')}
                        >
                          {change.chosenId === plan.id ? t.redirecting : t.choose(plan.name)}
                        </button>
                      )
                    }
                  />
                );
              })}
            </ul>
          )
        }
      </QueryState>
      <p className="mt-10 text-center text-sm text-slate-600">{t.footer}</p>
    </section>
  );
}
