/** What the legal pages name, from GET /api/legal. */
import { useQuery } from '@tanstack/react-query';
import { getLegalInformation, type LegalOperator, type LegalPlan } from '#core/api/legal';
import { call } from './client';
import { queryKeys } from './keys';

export type { LegalOperator, LegalPlan };

/** The operator and the plans on sale, in the price list's order. */
export function useLegalInformation() {
  return useQuery({
    queryKey: queryKeys.legal,
    queryFn: () => call(getLegalInformation),
    // The operator changes only with a restart and the plans only with a migration.
    staleTime: 5 * 60_000,
  });
}
