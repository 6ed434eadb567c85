import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useCurrentPlan, usePlans, useSyncPlan, type CurrentPlan, type Plan } from '#web/api/plans';
import { useNoStoreRedirect, usePlanChange, type Failure } from '#web/components/plans/plan-change';
import { isNoStore, isSessionExpired, serverMessage } from '#web/lib/api';
import { BillingNotice } from '#web/components/plans/BillingNotice';
import { PlanCard } from '#web/components/plans/PlanCard';
import { formatCount } from '#web/components/quota/figures';
import { QuotaBar } from '#web/components/quota/QuotaBar';
import { ErrorAlert, SuccessAlert } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/Spinner';
import { textLinkClass } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { formatDate } from '#web/lib/format';
import { usePageHeader } from '#web/lib/page-header';
import { withRedirect } from '#web/lib/safe-redirect';
import { useTransientMessage } from '#web/lib/use-transient-message';

const t = messages.plans;

/**
 * /app/plans (docs/product/screens.md, docs/product/statuses.md, docs/product/errors.md, docs/product/limits.md): the store's plan with this period's usage (the quota bar,
 * the period's end, today's sends against the daily limit), a plan change Shopify refused (told once),
 * 'Synchroniser' (re-reads the subscription on Shopify), and every plan of the price list with 'Changer de plan', which sends the
 * browser to Shopify's confirmation page. Prices come from the database only.
 */
export default function PlansScreen() {
  usePageHeader(t.title, t.subtitle);
  const current = useCurrentPlan();
  const plans = usePlans();
  const sync = useSyncPlan();
  const change = usePlanChange();
  const synced = useTransientMessage();

  const failed = [current.error, sync.error, change.error];
  const sessionExpired = failed.some(isSessionExpired);
  const noStore = failed.some(isNoStore);
  useNoStoreRedirect(noStore);

  if (sessionExpired) return <SessionExpired />;
  if (noStore) {
    return (
      <ErrorAlert>
        <p className="font-medium">{t.noStore}</p>
        <p className="mt-1">{t.noStoreNext}</p>
      </ErrorAlert>
    );
  }
  if (!current.data || !plans.data) {
    if (current.isError || plans.isError) {
      const retry = () => {
        if (current.isError) void current.refetch();
        if (plans.isError) void plans.refetch();
      };
      const detail = serverMessage(current.error) ?? serverMessage(plans.error);
      return (
        <ErrorAlert retry={{ label: messages.common.retry, onRetry: retry, busy: current.isFetching || plans.isFetching }}>
          <p className="font-medium">{t.loadError}</p>
          {detail && <p className="mt-1">{detail}</p>}
        </ErrorAlert>
      );
    }
    return <Spinner label={t.loading} className="rounded-2xl border border-slate-200 bg-white py-12" />;
  }

  const runSync = () => {
    synced.clear();
    sync.mutate(undefined, { onSuccess: () => synced.show(t.sync.success) });
  };
  const syncFailure: Failure | null = sync.isError ? { text: t.sync.failed, detail: detailBeyond(serverMessage(sync.error), t.sync.failed) } : null;

  return (
    <div className="space-y-8">
      <BillingNotice />
      {synced.message && <SuccessAlert>{synced.message}</SuccessAlert>}
      {syncFailure && <FailureAlert failure={syncFailure} />}
      <CurrentPlanCard plan={current.data} syncing={sync.isPending} onSync={runSync} />
      <PlanList plans={plans.data} current={current.data} change={change} />
    </div>
  );
}

/** The second line of a failure only when it says something the first does not. */
const detailBeyond = (detail: string | null, text: string) => (detail && detail !== text ? detail : undefined);

function FailureAlert({ failure }: { failure: Failure }) {
  return (
    <ErrorAlert>
      <p className="font-medium">{failure.text}</p>
      {failure.detail && <p className="mt-1">{failure.detail}</p>}
    </ErrorAlert>
  );
}

function SessionExpired() {
  const { pathname, search } = useLocation();
  return (
    <ErrorAlert>
      <p className="font-medium">{t.sessionExpired}</p>
      <Link to={withRedirect('/login', `${pathname}${search}`)} className={textLinkClass}>
        {t.sessionExpiredLink}
      </Link>
    </ErrorAlert>
  );
}

function CurrentPlanCard({ plan, syncing, onSync }: { plan: CurrentPlan; syncing: boolean; onSync: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t.usage.heading}
          </h2>
          <p className="mt-1 text-2xl font-bold text-slate-900">{t.usage.plan(plan.plan_name)}</p>
        </div>
        <div className="sm:text-right">
          <button type="button" onClick={onSync} disabled={syncing} aria-busy={syncing || undefined} className={buttonClass('secondary', 'sm')}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {syncing ? t.sync.busy : t.sync.label}
          </button>
          <p className="mt-2 max-w-xs text-xs text-slate-600">{t.sync.hint}</p>
        </div>
      </div>
      <QuotaBar className="mt-6 max-w-xl" used={plan.usage.emails_sent} quota={plan.emails_quota} label={t.usage.barLabel} />
      <div className="mt-4 space-y-1 text-sm text-slate-700">
        {/* Two periods, each named for what it is: the quota's, and Shopify's bill (decision 045). */}
        <p>{t.usage.sendingPeriod(formatDate(plan.period_start, { timeZone: 'UTC' }), formatDate(plan.period_end, { timeZone: 'UTC' }))}</p>
        {plan.billing_period_end && <p>{t.usage.billingPeriod(formatDate(plan.billing_period_end, { timeZone: 'UTC' }))}</p>}
        <p>{t.usage.daily(formatCount(plan.sent_today), formatCount(plan.daily_limit))}</p>
        {plan.billing_period_end && <p className="max-w-xl pt-1 text-xs text-slate-600">{t.usage.periodsHint}</p>}
      </div>
    </section>
  );
}

function PlanList({ plans, current, change }: { plans: Plan[]; current: CurrentPlan; change: ReturnType<typeof usePlanChange> }) {
  const headingId = useId();
  const used = current.usage.emails_sent;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t.list.heading}
      </h2>
      {change.failure && (
        <div className="mt-4">
          <FailureAlert failure={change.failure} />
        </div>
      )}
      {plans.length === 0 ? (
        <p className="py-12 text-center text-slate-600">{t.list.empty}</p>
      ) : (
        <ul aria-label={t.list.label} className="mt-4 grid items-stretch gap-8 pt-4 lg:grid-cols-3">
          {plans.map((plan, index) => {
            const isCurrent = plan.code === current.plan;
            // A downgrade below what this period already sent: the rest waits for the next period.
            const below = !isCurrent && plan.email_quota !== null && used > plan.email_quota;
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                popular={index === 1}
                current={isCurrent}
                note={below ? t.belowUsage(formatCount(used)) : undefined}
                noteTone="warning"
                action={
                  isCurrent ? (
                    <p className="rounded-lg bg-green-50 px-4 py-2.5 text-center text-sm font-semibold text-green-800">{t.currentAction}</p>
                  ) : (
                    <button
                      type="button"
                      disabled={change.busy}
                      aria-busy={change.chosenId === plan.id || undefined}
                      onClick={() => change.start(plan)}
                      className={buttonClass(index === 1 ? 'primary' : 'secondary', 'md', 'w-full')}
                    >
                      {change.chosenId === plan.id ? (
                        t.redirecting
                      ) : (
                        <>
                          {t.change} <span className="sr-only">{t.changeFor(plan.name)}</span>
                        </>
                      )}
                    </button>
                  )
                }
              />
            );
          })}
        </ul>
      )}
      <p className="mt-10 text-center text-sm text-slate-600">{t.footer}</p>
    </section>
  );
}
