import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BILLING_REDIRECT_CODES, type BillingRedirectCode } from '../../../core/api/shopify';
import { useChangePlan, usePlans } from '../../api/plans';
import { messages } from '../../i18n';
import { useCurrentStore, type CurrentStore } from '../../lib/session';
import { ErrorAlert, SuccessAlert, WarningNote } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { QueryState } from '../ui/QueryState';
import { PlanCard } from './PlanCard';

const t = messages.subscription;

/** After 'Abonnement activé avec succès!', the dashboard (spec: after 2 s). */
export const ACTIVATED_REDIRECT_MS = 2000;

const isBillingCode = (value: string | null): value is BillingRedirectCode => (BILLING_REDIRECT_CODES as readonly (string | null)[]).includes(value);

/**
 * The plan choice of /subscription and /app/subscription-plans: why the merchant is here (the store's
 * subscription status: pending, declined, expired…), the plans from the database, and the choice,
 * which creates the Shopify subscription (plans-change) and sends the browser to Shopify's
 * confirmation page. Reads ?status=success (then the dashboard after 2 s) and ?status=error&error=code
 * (the billing callback's refusals, worded here; a free-text message in the URL is never shown).
 */
export function PlanChoice() {
  const [params] = useSearchParams();
  const store = useCurrentStore();
  const status = params.get('status');

  if (status === 'success') return <Activated />;
  const errorCode = status === 'error' ? params.get('error') : null;
  return (
    <>
      {status === 'error' && <ErrorAlert className="mb-6">{isBillingCode(errorCode) ? t.errors[errorCode] : t.unknownError}</ErrorAlert>}
      <QueryState query={store}>{(current) => (current ? <Plans store={current} /> : <NoStore />)}</QueryState>
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

function Plans({ store }: { store: CurrentStore }) {
  const plans = usePlans();
  const change = useChangePlan();
  const active = store.subscription_status === 'active';

  useEffect(() => {
    if (change.data) window.location.assign(change.data);
  }, [change.data]);

  // Busy from the click until the browser has left for Shopify: no second subscription.
  const busy = change.isPending || change.isSuccess;
  const chosenId = busy ? change.variables?.id : undefined;
  return (
    <>
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
      {change.isError && <ErrorAlert className="mb-6">{change.error.message || t.unknownError}</ErrorAlert>}
      <QueryState query={plans} loadingLabel={t.loading} errorMessage={t.plansError}>
        {(list) =>
          list.length === 0 ? (
            <p className="py-12 text-center text-slate-600">{t.empty}</p>
          ) : (
            <ul aria-label={t.plansLabel} className="grid items-stretch gap-8 pt-4 lg:grid-cols-3">
              {list.map((plan, index) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  popular={index === 1}
                  headingLevel="h2"
                  action={
                    <button
                      type="button"
                      disabled={busy}
                      aria-busy={chosenId === plan.id || undefined}
                      onClick={() => change.mutate(plan)}
                      className={buttonClass(index === 1 ? 'primary' : 'secondary', 'md', 'w-full')}
                    >
                      {chosenId === plan.id ? t.redirecting : t.choose(plan.name)}
                    </button>
                  }
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <p className="mt-10 text-center text-sm text-slate-600">{t.footer}</p>
    </>
  );
}
