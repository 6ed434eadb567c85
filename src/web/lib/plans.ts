import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';

/** A subscription plan as served by GET /api/plans (the `subscription_plans` table). */
export interface Plan {
  id: string;
  name: string;
  /** Decimal string, e.g. "47.00". */
  price_amount: string;
  price_currency: string;
  /** Monthly e-mail quota; `null` when unlimited. */
  email_quota: number | null;
  is_unlimited: boolean;
  features: string[];
  sort_order: number;
}

export const plansQueryKey = ['plans'] as const;

/** Active plans, sorted by `sort_order`: the single source of every price shown in the UI. */
export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: async () => {
      const data = await apiFetch<{ plans: Plan[] } | null>('/api/plans');
      return [...(data?.plans ?? [])].sort((a, b) => a.sort_order - b.sort_order);
    },
    staleTime: 5 * 60_000,
  });
}
