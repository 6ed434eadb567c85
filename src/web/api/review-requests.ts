/**
 * The send calendar: the active store's review requests page by page, sending now, re-sending,
 * cancelling, shared links, and the history import (with the paid-order count it starts from).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { ResponseOf } from '#core/api/endpoint';
import {
  cancelRequest,
  createShareLink,
  importHistory,
  listRequests,
  processRequests,
  resendRequest,
  sendForecast,
  type ImportHistoryInput,
  type RequestItem,
} from '#core/api/review-requests';
import { countOrders } from '#core/api/shopify';
import { call } from './client';
import { queryKeys } from './keys';

export type { ForecastDay, ImportHistoryInput, ManualSendResult, RequestItem, SendForecast, ShareLink } from '#core/api/review-requests';
export type ImportHistoryResult = ResponseOf<typeof importHistory>;

/** One page of the calendar: read by `useRequestPage`, and by the server before it draws the calendar. */
export const calendarPageQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.reviewRequestPage(page),
    queryFn: ({ signal }) => call(listRequests, { query: { page }, signal }),
  });

/** One page of the calendar; while another page loads, the current one stays on screen. */
export function useRequestPage(page: number) {
  return useQuery({ ...calendarPageQuery(page), placeholderData: keepPreviousData });
}

/** The send planner: the scheduled sends per day until the billing period ends (re-read with the calendar). */
export const sendForecastQuery = queryOptions({
  queryKey: queryKeys.reviewRequestForecast,
  queryFn: ({ signal }) => call(sendForecast, { signal }),
});

export function useSendForecast() {
  return useQuery(sendForecastQuery);
}

/** Re-reads every page of the calendar (after a send, a cancellation, an import or a new link). */
export function useRefreshRequests() {
  const queryClient = useQueryClient();
  // A send or an import moves this period's usage too (the quota banner, /app/plans).
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.reviewRequests }), queryClient.invalidateQueries({ queryKey: queryKeys.currentPlan })]),
    [queryClient],
  );
}

/** 'Envoyer maintenant': the spec's answer says what happened (sent, quota, daily limit, failure). */
export function useSendNow() {
  return useMutation({ mutationFn: (item: RequestItem) => call(processRequests, { body: { manual: true, requestIds: [item.id] } }) });
}

/** Re-sends an unconfirmed e-mail (counted once in the quota); answered like 'send now'. */
export function useResend() {
  return useMutation({ mutationFn: (item: Pick<RequestItem, 'id'>) => call(resendRequest, { params: { id: item.id } }) });
}

/** Cancels (deletes) a request not sent yet. */
export function useCancelRequest() {
  return useMutation({ mutationFn: (item: RequestItem) => call(cancelRequest, { params: { id: item.id } }) });
}

/** A new shareable review link: recorded as a request on the `link` channel, so the calendar is re-read. */
export function useCreateShareLink() {
  const refresh = useRefreshRequests();
  // The store's one link; `renew` retires it and makes another.
  return useMutation({ mutationFn: (renew: boolean = false) => call(createShareLink, { body: renew ? { renew: true } : {} }), onSuccess: () => void refresh() });
}

/** The store's paid orders of the last 60 days, counted afresh at each opening of the import dialog. */
export function useOrderCount(shopId: string) {
  return useQuery({
    queryKey: queryKeys.orderCount(shopId),
    queryFn: async ({ signal }) => (await call(countOrders, { body: { shop_id: shopId }, signal })).count,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Imports the paid orders of the last 60 days, now or spread over days. */
export function useImportHistory() {
  return useMutation({ mutationFn: (body: ImportHistoryInput) => call(importHistory, { body }) });
}
