/** The plans (GET /api/plans) and the store's own plan: plans-current, plans-change, plans-set, shopify-sync-plan. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { changePlan, currentPlan, listPlans, setPlan, syncPlan, type BillingNotice, type CurrentPlan, type Plan, type PlanCode } from '#core/api/plans';
import type { ResponseOf } from '#core/api/endpoint';
import type { currentStore } from '#core/api/stores';
import { call } from './client';
import { queryKeys } from './keys';

export type { BillingNotice, CurrentPlan, Plan, PlanCode };

type SyncAnswer = ResponseOf<typeof syncPlan>;

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
export const currentPlanQuery = queryOptions({
  queryKey: queryKeys.currentPlan,
  queryFn: ({ signal }) => call(currentPlan, { signal }),
  staleTime: 60_000,
});

export function useCurrentPlan({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...currentPlanQuery, enabled });
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
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.currentPlan }), queryClient.invalidateQueries({ queryKey: queryKeys.currentStore })]),
    [queryClient],
  );
}

/**
 * The 'Synchroniser' button's shopify-sync-plan: re-reads the subscription on Shopify; the plan and
 * the store are read afresh after. A refused plan change its answer carries joins the store's
 * billingSync answer (see useBillingSync), where the screens show it; an answer without one never
 * hides one not yet dismissed.
 */
export function useSyncPlan() {
  const refresh = usePlanStateRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(syncPlan),
    onSuccess: (answer) => {
      const store = queryClient.getQueryData<ResponseOf<typeof currentStore>>(queryKeys.currentStore)?.store;
      if (store) queryClient.setQueryData<SyncAnswer>(queryKeys.billingSync(store.id), (previous) => ({ ...answer, notice: answer.notice ?? previous?.notice ?? null }));
      return refresh();
    },
  });
}

/**
 * The re-read of the connected store's billing on Shopify when the merchant opens the app, made once
 * per store and page load: kept in the cache for the page's life, a failure too (no retry, none on
 * the next mount). Silent: a failure changes nothing shown. A success refreshes the store and the plan.
 * An action (it asks Shopify and may record a change), not a read: a page the server draws leaves it
 * to the browser (src/web/server-render.tsx).
 */
function billingSyncQuery(storeId: string, refresh: () => Promise<unknown>) {
  return queryOptions({
    queryKey: queryKeys.billingSync(storeId),
    queryFn: async () => {
      const answer = await call(syncPlan);
      void refresh();
      return answer;
    },
    meta: { browserOnly: true },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    retryOnMount: false,
  });
}

/** Runs `task` when the browser has nothing more urgent to do (at the latest after `timeout` ms). */
function whenIdle(task: () => void, timeout = 2000): () => void {
  const { requestIdleCallback, cancelIdleCallback } = window;
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1);
  return () => clearTimeout(handle);
}

/**
 * Starts the re-read for the connected store (the app shell calls this), once the browser is idle:
 * not while React takes a drawn page over. A query started in the commit that ends a hydration
 * changes the state the screens subscribe to, and React then renders them all again at once,
 * synchronously: on a slow phone the longest task of the page's load (decision 039).
 */
export function useStartBillingSync(storeId: string | undefined): void {
  const refresh = usePlanStateRefresh();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!storeId) return;
    const options = billingSyncQuery(storeId, refresh);
    // Once per store and page load, whatever the answer: the shell may mount again (/app left and
    // back). The screens' readers (useBillingSync) make the query before it starts: pending and idle.
    const state = queryClient.getQueryState(options.queryKey);
    if (state && (state.status !== 'pending' || state.fetchStatus !== 'idle')) return;
    return whenIdle(() => void queryClient.prefetchQuery(options));
  }, [queryClient, storeId, refresh]);
}

/**
 * What the opening re-read told (the dashboard and the plans page show it): `notice`, the refused plan
 * change the answer carried (or 'Synchroniser' since), until `dismiss` hides it for the rest of the
 * page's life (the server tells it once: a reload does not bring it back). Reads the answer only: the
 * app shell starts the re-read (useStartBillingSync).
 */
export function useBillingSync(storeId: string | undefined): { notice: BillingNotice | null; dismiss: () => void } {
  const refresh = usePlanStateRefresh();
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...billingSyncQuery(storeId ?? '', refresh), enabled: false });
  const dismiss = useCallback(
    () => queryClient.setQueryData<SyncAnswer>(queryKeys.billingSync(storeId ?? ''), (previous) => previous && { ...previous, notice: null }),
    [queryClient, storeId],
  );
  return { notice: storeId ? (data?.notice ?? null) : null, dismiss };
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
