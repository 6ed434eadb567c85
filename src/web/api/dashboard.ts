/** The dashboard's figures for a period, from GET /api/dashboard. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboard, type DashboardPeriod } from '#core/api/dashboard';
import { call } from './client';
import { queryKeys } from './keys';

export { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod, type DashboardSummary, type RecentReview, type UnconfirmedSend } from '#core/api/dashboard';

/** The figures of a period: read by `useDashboard`, and by the server before it draws the dashboard. */
export const dashboardQuery = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: queryKeys.dashboardPeriod(period),
    queryFn: ({ signal }) => call(getDashboard, { query: { period }, signal }),
  });

/** While another period loads, the current figures stay on screen. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({ ...dashboardQuery(period), placeholderData: keepPreviousData });
}
