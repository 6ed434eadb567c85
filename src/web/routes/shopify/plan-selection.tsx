import { useMutation } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PublicLayout } from '#web/components/layout/PublicLayout';
import { PlanCard } from '#web/components/plans/PlanCard';
import { InstallErrorScreen } from '#web/components/shopify/InstallErrorScreen';
import { ErrorAlert } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/Spinner';
import { messages } from '#web/i18n';
import { usePlans, type Plan } from '#web/api/plans';
import { installFlowUrl, isInstallationLinkError, selectInstallationPlan, useInstallation } from '#web/api/shopify';

/**
 * /shopify/plan-selection?token&shop: where the server sends a fresh install after Shopify's
 * authorisation. Loading → error or the three plans (the second 'POPULAIRE') → the chosen plan is
 * stored on the installation link → /shopify/onboarding?token&shop&plan_id.
 */
export default function ShopifyPlanSelectionScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const shop = searchParams.get('shop');
  if (!token || !shop) return <InstallErrorScreen message={messages.shopifyFlow.missingParams} />;
  return <PlanSelection token={token} shop={shop} />;
}

function PlanSelection({ token, shop: shopParam }: { token: string; shop: string }) {
  const t = messages.shopifyPlanSelection;
  const navigate = useNavigate();
  const installation = useInstallation(token);
  const plans = usePlans();
  const shop = installation.data?.shop_domain ?? shopParam;

  const select = useMutation({
    mutationFn: async (plan: Plan) => {
      await selectInstallationPlan(token, plan.id);
      return plan;
    },
    onSuccess: (plan) => navigate(installFlowUrl('/shopify/onboarding', { token, shop, planId: plan.id })),
  });

  // The link itself is unusable (unknown, used, expired): nothing to choose.
  if (installation.isError && isInstallationLinkError(installation.error)) {
    return <InstallErrorScreen message={installation.error.message} />;
  }

  let body;
  if (plans.isPending || installation.isPending) {
    body = <Spinner label={t.loading} className="py-12" />;
  } else if (plans.isError || installation.isError) {
    body = (
      <ErrorAlert
        action={
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            disabled={plans.isRefetching || installation.isRefetching}
            onClick={() => {
              if (plans.isError) void plans.refetch();
              if (installation.isError) void installation.refetch();
            }}
          >
            {messages.common.retry}
          </button>
        }
      >
        {t.loadError}
      </ErrorAlert>
    );
  } else if (plans.data.length === 0) {
    body = <p className="py-12 text-center text-slate-600">{t.empty}</p>;
  } else {
    const busy = select.isPending || select.isSuccess;
    const chosenId = busy ? select.variables?.id : undefined;
    const currentId = installation.data.selected_plan?.id;
    body = (
      <>
        {select.isError && <ErrorAlert className="mb-6">{t.selectError}</ErrorAlert>}
        <ul aria-label={t.plansLabel} className="grid items-stretch gap-8 pt-4 lg:grid-cols-3">
          {plans.data.map((plan, index) => {
            const chosen = chosenId === plan.id;
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                popular={index === 1}
                headingLevel="h2"
                note={plan.id === currentId ? t.current : undefined}
                action={
                  <button
                    type="button"
                    disabled={busy}
                    aria-busy={chosen || undefined}
                    onClick={() => select.mutate(plan)}
                    className={buttonClass(index === 1 ? 'primary' : 'secondary', 'md', 'w-full')}
                  >
                    {chosen ? t.redirecting : t.choose(plan.name)}
                  </button>
                }
              />
            );
          })}
        </ul>
      </>
    );
  }

  return (
    <PublicLayout title={t.title} subtitle={t.subtitle(shop)} width="xl">
      <p className="mb-8 text-sm text-slate-700">{t.intro}</p>
      {body}
      <p className="mt-10 text-center text-sm text-slate-600">{t.footer}</p>
    </PublicLayout>
  );
}
