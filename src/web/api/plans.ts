/** The plans, from GET /api/plans. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { changePlan, listPlans, type Plan } from '../../core/api/plans';
import { call } from './client';
import { queryKeys } from './keys';

export type { Plan };

/** Active plans, sorted by `sort_order`: the single source of every price shown in the UI. */
export function usePlans() {
  return useQuery({
    queryKey: queryKeys.plans,
    queryFn: async () => [...(await call(listPlans)).plans].sort((a, b) => a.sort_order - b.sort_order),
    staleTime: 5 * 60_000,
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
