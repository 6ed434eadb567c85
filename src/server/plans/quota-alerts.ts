/**
 * The merchant's quota e-mails: one at 80 % and one at 100 % of the plan's quota, once per billing
 * period each (src/core/quota.ts crossedAlerts). Decided in the reservation that crosses the
 * threshold (quota.ts reserveSendsMany), under its usage locks: a `quota_alert_{percent}` row in
 * shop_usage for the period is inserted ON CONFLICT DO NOTHING, and only the transaction that
 * inserted it enqueues the e-mail's job, with the same commit. So two workers never both send it, a
 * quota given back and taken again never sends it twice, and a crash after the commit loses nothing
 * (the job runs after the commit, and again after a failure).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '#db/client';
import type { QuotaAlertRatio } from '#core/quota';
import { enqueue } from '../jobs/define';
import { sendQuotaAlertJob } from './jobs';

export interface QuotaAlert {
  storeId: string;
  shopDomain: string;
  ratio: QuotaAlertRatio;
  /** The plan's code. */
  plan: string;
  quota: number;
  /** The period's usage after the reservation that crossed the threshold. */
  used: number;
  periodStart: Date;
  periodEnd: Date;
}

/** 80 or 100: the threshold as the e-mail and the usage row name it. */
export const alertPercent = (ratio: QuotaAlertRatio) => Math.round(ratio * 100) as 80 | 100;

/** The shop_usage metric recording that this period's alert was decided. */
export const alertMetric = (ratio: QuotaAlertRatio) => `quota_alert_${alertPercent(ratio)}`;

/**
 * Records the alerts not yet recorded for their period and enqueues their e-mails, in the caller's
 * transaction (the reservation's). Answers how many were new.
 */
export async function recordQuotaAlerts(tx: Transaction, alerts: readonly QuotaAlert[]): Promise<number> {
  if (alerts.length === 0) return 0;
  const inserted = await queryRows<{ shop_domain: string; metric: string }>(
    tx,
    sql`INSERT INTO shop_usage (shop_domain, period_start, metric, value)
        VALUES ${sql.join(
          alerts.map((a) => sql`(${a.shopDomain}, ${a.periodStart.toISOString()}::timestamptz, ${alertMetric(a.ratio)}, 1)`),
          sql`, `,
        )}
        ON CONFLICT DO NOTHING
        RETURNING shop_domain, metric`,
  );
  const fresh = alerts.filter((a) => inserted.some((r) => r.shop_domain === a.shopDomain && r.metric === alertMetric(a.ratio)));
  for (const a of fresh) {
    const percent = alertPercent(a.ratio);
    await enqueue(
      tx,
      sendQuotaAlertJob,
      { storeId: a.storeId, percent, plan: a.plan, quota: a.quota, used: a.used, periodStart: a.periodStart.toISOString(), periodEnd: a.periodEnd.toISOString() },
      { dedupeKey: `quota-alert:${a.shopDomain}:${a.periodStart.toISOString()}:${percent}` },
    );
  }
  return fresh.length;
}
