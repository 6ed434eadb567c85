import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  dashboardQuery,
  useDashboard,
  type DashboardPeriod,
  type DashboardSummary,
  type RecentReview,
  type UnconfirmedSend,
} from '#web/api/dashboard';
import { storeAbsenceQuery } from '#web/api/absence';
import { queryKeys } from '#web/api/keys';
import { currentPlanQuery, useCurrentPlan } from '#web/api/plans';
import { useResend } from '#web/api/review-requests';
import { Funnel } from '#web/components/dashboard/Funnel';
import { WhatHappensNext } from '#web/components/flows/WhatHappensNext';
import { Representativeness } from '#web/components/dashboard/Representativeness';
import { DashboardSection } from '#web/components/dashboard/Section';
import { Timeline } from '#web/components/dashboard/Timeline';
import { RatingStars } from '#web/components/reviews/RatingStars';
import { publicationLabel } from '#web/components/reviews/ReviewStatus';
import { BillingNotice } from '#web/components/plans/BillingNotice';
import { AbsenceNotice } from '#web/components/stores/AbsenceNotice';
import { QuotaBanner } from '#web/components/quota/QuotaBanner';
import { ErrorAlert, SuccessAlert, WarningNote } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { QueryState } from '#web/components/ui/QueryState';
import { ToggleGroup } from '#web/components/ui/ToggleGroup';
import { messages } from '#web/i18n';
import { formatDate, formatDateTime } from '#web/lib/format';
import type { ScreenDrawing } from '#web/lib/drawing';
import { usePageHeader } from '#web/lib/page-header';

const t = messages.dashboard;

/** The spec's rating colours: 5 green, 4 cyan, 3 yellow, 2 orange, 1 red. */
const RATING_COLOURS: Record<number, string> = { 5: '#16a34a', 4: '#06b6d4', 3: '#eab308', 2: '#f97316', 1: '#dc2626' };

/** How long the install's success message stays (spec: 5 s). */
export const ACTIVATED_TOAST_MS = 5000;

const isPeriod = (value: string | null): value is DashboardPeriod => (DASHBOARD_PERIODS as readonly (string | null)[]).includes(value);

/** The period the URL asks for (`?period=`), the default one otherwise. */
const periodOf = (params: URLSearchParams): DashboardPeriod => {
  const requested = params.get('period');
  return isPeriod(requested) ? requested : DEFAULT_DASHBOARD_PERIOD;
};

const header = { title: messages.appScreens.dashboard.title, subtitle: messages.appScreens.dashboard.subtitle };

/** Drawn by the server (decision 039): the period's figures and the quota banner's plan. */
export const drawing: ScreenDrawing = {
  header,
  prefetch: (client, url) =>
    Promise.all([client.prefetchQuery(dashboardQuery(periodOf(url.searchParams))), client.prefetchQuery(currentPlanQuery), client.prefetchQuery(storeAbsenceQuery)]),
};

/**
 * /app/dashboard: a plan change Shopify refused (told once, with what to do), the quota banner, the
 * period (kept in the URL), three counters, the rating distribution, the five latest reviews, the
 * funnel of the period's e-mails, reviews over time, whom the public review site hears from, and
 * the sends whose transmission was interrupted, each of which can be re-sent.
 * After the install's redirect (?shopify=success&subscription=activated) a success message shows for
 * 5 s and those parameters leave the URL; after an approved change of plan (…&subscription=changed)
 * the message names the new plan, as plans-current reads it (never a name the URL carries).
 */
export default function DashboardScreen() {
  usePageHeader(header.title, header.subtitle);
  const [params, setParams] = useSearchParams();
  const period = periodOf(params);
  const dashboard = useDashboard(period);
  const arrival = useArrivalToast();

  const choose = (next: DashboardPeriod) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('period', next);
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="space-y-6">
      <BillingNotice linkToPlans />
      <AbsenceNotice />
      <QuotaBanner />
      {arrival === 'activated' && <SuccessAlert>{t.activated}</SuccessAlert>}
      {arrival === 'changed' && <PlanChangedAlert />}
      <ToggleGroup label={t.periodLabel} options={DASHBOARD_PERIODS} value={period} onChange={choose} labelOf={(p) => t.periods[p]} />
      <QueryState query={dashboard} errorMessage={t.loadError}>
        {(data) => <Figures data={data} />}
      </QueryState>
    </div>
  );
}

/** What Shopify's return came to: a first subscription (an install), or a plan replaced by another. */
type Arrival = 'activated' | 'changed';

const arrivalOf = (params: URLSearchParams): Arrival | null => {
  if (params.get('shopify') !== 'success') return null;
  const subscription = params.get('subscription');
  return subscription === 'activated' || subscription === 'changed' ? subscription : null;
};

/** Says the new plan by its name (plans-current, read after Shopify's approval was recorded). */
function PlanChangedAlert() {
  const { data } = useCurrentPlan();
  return <SuccessAlert>{data && data.plan !== 'none' ? t.planChanged(data.plan_name) : t.planChangedUnnamed}</SuccessAlert>;
}

/** Shopify's return for 5 s after its redirect; its parameters are taken out of the URL at once. */
function useArrivalToast(): Arrival | null {
  const [params, setParams] = useSearchParams();
  const fromShopify = arrivalOf(params);
  // Read once, when the dashboard opens from Shopify's redirect.
  const [visible, setVisible] = useState(fromShopify);
  useEffect(() => {
    if (!fromShopify) return;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('shopify');
        updated.delete('subscription');
        return updated;
      },
      { replace: true },
    );
  }, [fromShopify, setParams]);
  useEffect(() => {
    if (!visible) return;
    const timer = setTimeout(() => setVisible(null), ACTIVATED_TOAST_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  return visible;
}

function Figures({ data }: { data: DashboardSummary }) {
  return (
    <>
      {data.unconfirmed.count > 0 && <UnconfirmedSends count={data.unconfirmed.count} items={data.unconfirmed.items} />}
      {data.invitations_sent === 0 && data.reviews_received === 0 && <WhatHappensNext calendarLink />}
      <dl aria-label={t.counters.label} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Counter label={t.counters.invitations} value={data.invitations_sent.toLocaleString('fr-FR')} />
        <Counter label={t.counters.reviews} value={data.reviews_received.toLocaleString('fr-FR')} />
        <Counter label={t.counters.average} value={data.average_rating === null ? t.counters.noAverage : t.counters.averageValue(data.average_rating)} />
        <Counter
          label={t.counters.withPhotos}
          value={data.reviews_with_photos.toLocaleString('fr-FR')}
          detail={data.reviews_received > 0 ? t.counters.withPhotosShare(Math.min(1, data.reviews_with_photos / data.reviews_received)) : undefined}
        />
      </dl>
      <div className="grid gap-6 lg:grid-cols-2">
        <Distribution distribution={data.distribution} total={data.reviews_received} />
        <RecentReviews reviews={data.recent_reviews} />
        <Funnel funnel={data.funnel} />
        <Timeline timeline={data.timeline} />
      </div>
      <Representativeness figures={data.representativeness} />
    </>
  );
}

function Counter({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{value}</dd>
      {detail && <dd className="mt-1 text-sm text-slate-600">{detail}</dd>}
    </div>
  );
}

/** A donut of the distribution (SVG arcs) with its figures written out for everyone. */
function Distribution({ distribution, total }: { distribution: DashboardSummary['distribution']; total: number }) {
  if (total === 0) {
    return (
      <DashboardSection title={t.distribution.title}>
        <p className="text-sm text-slate-600">{t.distribution.empty}</p>
      </DashboardSection>
    );
  }
  const radius = 15.915; // a circumference of 100: percentages are lengths
  // Each arc starts where the previous ended, from the top (an offset of 25 on a circumference of 100).
  const arcs = distribution
    .filter((d) => d.count > 0)
    .reduce<{ rating: number; dash: string; offset: number }[]>((done, d) => {
      const share = (d.count / total) * 100;
      const previous = done.at(-1);
      const offset = previous ? previous.offset - Number(previous.dash.split(' ')[0]) : 25;
      return [...done, { rating: d.rating, dash: `${share} ${100 - share}`, offset }];
    }, []);
  const summary = distribution.map((d) => `${t.distribution.stars(d.rating)}\u202f: ${t.distribution.count(d.count)}`).join(', ');
  return (
    <DashboardSection title={t.distribution.title}>
      <div className="flex flex-col items-center gap-6 sm:flex-row">
        <svg viewBox="0 0 42 42" className="size-40 shrink-0" role="img" aria-label={t.distribution.chartLabel(summary)}>
          <circle cx="21" cy="21" r={radius} fill="none" stroke="#e2e8f0" strokeWidth="6" />
          {arcs.map((a) => (
            <circle key={a.rating} cx="21" cy="21" r={radius} fill="none" stroke={RATING_COLOURS[a.rating]} strokeWidth="6" strokeDasharray={a.dash} strokeDashoffset={a.offset} />
          ))}
        </svg>
        <ul className="w-full space-y-2 text-sm">
          {distribution.map((d) => (
            <li key={d.rating} className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2 text-slate-700">
                <span aria-hidden="true" className="size-3 rounded-full" style={{ backgroundColor: RATING_COLOURS[d.rating] }} />
                {t.distribution.stars(d.rating)}
              </span>
              <span className="font-medium text-slate-900">{t.distribution.count(d.count)}</span>
            </li>
          ))}
        </ul>
      </div>
    </DashboardSection>
  );
}

function RecentReviews({ reviews }: { reviews: readonly RecentReview[] }) {
  return (
    <DashboardSection title={t.recent.title}>
      {reviews.length === 0 ? (
        <p className="text-sm text-slate-600">{t.recent.empty}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {reviews.map((r) => (
              <li key={r.id} className="py-3 first:pt-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <RatingStars rating={r.rating} label={t.recent.stars(r.rating)} />
                  <time dateTime={r.created_at} className="text-xs text-slate-600">
                    {formatDate(r.created_at)}
                  </time>
                </div>
                <p className="mt-1 text-sm font-medium text-slate-900">
                  {r.customer_name ?? t.recent.anonymous}
                  {r.order_number && <span className="font-normal text-slate-600"> · {t.recent.order(r.order_number)}</span>}
                  {/* Shown on the storefront or why not, and the origin: never the rating (decision 044). */}
                  <span className="font-normal text-slate-600">
                    {' · '}
                    {publicationLabel(r)} · {messages.reviewStatus.origin[r.origin]}
                  </span>
                </p>
                {r.comment && <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{r.comment}</p>}
              </li>
            ))}
          </ul>
          <Link to="/app/feedback" className="mt-3 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            {t.recent.allLink}
          </Link>
        </>
      )}
    </DashboardSection>
  );
}

/** The sends our transport could not confirm (decision 008), each with 'Renvoyer'. */
function UnconfirmedSends({ count, items }: { count: number; items: readonly UnconfirmedSend[] }) {
  const queryClient = useQueryClient();
  const resend = useResend();
  const [outcome, setOutcome] = useState<{ id: string; ok: boolean; message?: string } | null>(null);
  const run = (item: UnconfirmedSend) =>
    resend.mutate(item, {
      onSuccess: () => setOutcome({ id: item.id, ok: true }),
      onError: (error) => setOutcome({ id: item.id, ok: false, message: error.message || t.unconfirmed.resendFailed }),
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
        void queryClient.invalidateQueries({ queryKey: queryKeys.reviewRequests });
      },
    });
  return (
    <WarningNote>
      <h2 className="font-semibold">{t.unconfirmed.title(count)}</h2>
      <p className="mt-1">{t.unconfirmed.hint}</p>
      {outcome?.ok && (
        <p role="status" className="mt-2 font-medium">
          {t.unconfirmed.resent}
        </p>
      )}
      {outcome && !outcome.ok && <ErrorAlert className="mt-2">{outcome.message}</ErrorAlert>}
      <ul aria-label={t.unconfirmed.listLabel} className="mt-3 space-y-2">
        {items.map((item) => {
          const who = item.customer_name ?? item.customer_email ?? t.unconfirmed.unknownCustomer;
          const busy = resend.isPending && resend.variables?.id === item.id;
          return (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {who}
                {item.sent_at && (
                  <span className="text-amber-800">
                    {' '}
                    · {t.unconfirmed.sentAt} <time dateTime={item.sent_at}>{formatDateTime(item.sent_at)}</time>
                  </span>
                )}
              </span>
              <button
                type="button"
                className={buttonClass('secondary', 'sm')}
                aria-label={t.unconfirmed.resendFor(who)}
                aria-busy={busy || undefined}
                disabled={resend.isPending}
                onClick={() => run(item)}
              >
                {t.unconfirmed.resend}
              </button>
            </li>
          );
        })}
      </ul>
      {count > items.length && (
        <Link to="/app/schedule" className="mt-3 inline-block font-medium underline underline-offset-2">
          {t.unconfirmed.more}
        </Link>
      )}
    </WarningNote>
  );
}
