/**
 * The jobs of plans. Registered in src/server/job-registry.ts.
 */
import { z } from 'zod';
import { defineJob } from '../jobs/define';
import { sendQuotaAlert } from './quota-alert-email';

/**
 * E-mails the merchant that this period's usage reached 80 % or 100 % of the plan's quota; enqueued
 * by the reservation that crossed the threshold (quota-alerts.ts), sent after its commit.
 */
export const sendQuotaAlertJob = defineJob({
  name: 'send-quota-alert',
  payload: z.object({
    storeId: z.guid(),
    percent: z.union([z.literal(80), z.literal(100)]),
    plan: z.string().min(1),
    quota: z.number().int().min(0),
    used: z.number().int().min(0),
    periodStart: z.iso.datetime(),
    periodEnd: z.iso.datetime(),
  }),
  maxAttempts: 8,
  async run(payload, ctx) {
    await sendQuotaAlert(ctx, payload);
  },
});
