/** The plans (GET /api/plans) and the store's own plan: plans-current, plans-change, plans-set, shopify-sync-plan. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePlan, currentPlan, listPlans, setPlan, syncPlan, type CurrentPlan, type Plan, type PlanCode } from '../../core/api/plans';
import { call } from './client';
import { queryKeys } from './keys';

export type { CurrentPlan, Plan, PlanCode };

/** Active plans, sorted by `sort_order`: the single source of every price shown in the UI. */
export function usePlans() {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: async () => [...(await call(listPlans)).plans].sort((a, b) => a.sort_order - b.sort_order),
    staleTime: 5 * 60_000,
  });
}

/**
 * The store's plan and this billing period's usage, read from the ledger the sender reserves
 * against. Kept for a minute: the banner of the dashboard and of the calendar share one answer.
 */
export function useCurrentPlan({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.currentPlan,
    queryFn: ({ signal }) => call(currentPlan, { signal }),
    staleTime: 60_000,
    enabled,
  });
}

/**
 * plans-change: creates the Shopify subscription for a plan and answers Shopify's confirmation page,
 * where the browser goes next (Shopify brings it back to the billing callback once approved).
 */
export function useChangePlan() {
  return useMutation({
    mutationFn: async (plan: Plan) => (await call(changePlan, { body: { plan_id: plan.id } })).confirmation_url,
  });
}

/** What plan and subscription state depend on: re-read after Shopify has been asked again. */
function usePlanStateRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.currentPlan }), queryClient.invalidateQueries({ queryKey: queryKeys.currentStore })]);
}

/** shopify-sync-plan: re-reads the store's Shopify subscription; the plan and the store are read afresh after. */
export function useSyncPlan() {
  const refresh = usePlanStateRefresh();
  return useMutation({
    mutationFn: () => call(syncPlan),
    onSuccess: () => refresh(),
  });
}

/**
 * plans-set: records the plan of the store's active Shopify subscription (refused for any other: no
 * plan without payment). The billing callback records an approved plan itself; this is the spec's
 * explicit call, for a plan Shopify already bills.
 */
export function useSetPlan() {
  const refresh = usePlanStateRefresh();
  return useMutation({
    mutationFn: (plan: PlanCode) => call(setPlan, { body: { plan } }),
    onSuccess: () => refresh(),
  });
}
