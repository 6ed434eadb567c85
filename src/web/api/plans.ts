/** The plans, from GET /api/plans. */
import { useQuery } from '@tanstack/react-query';
import { listPlans, type Plan } from '../../core/api/plans';
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
