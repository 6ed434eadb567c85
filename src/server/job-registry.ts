/**
 * The one list of jobs this product runs, and the periodic ticks that enqueue some of them. It lives
 * at the composition root: each feature defines its jobs in its own folder (defineJob), the queue and
 * the worker (src/server/jobs) import no feature, and only the process start-up (bootstrap.ts) and
 * tests hand this list to a worker.
 */
import type { Config } from './config';
import { sendEmailChangeNoticeJob, sendPasswordResetJob } from './auth/jobs';
import { syncBillingJob } from './billing/jobs';
import { recheckSenderDomainsJob } from './deliverability/jobs';
import type { JobDefinition, PeriodicTask } from './jobs/define';
import { periodic } from './jobs/define';
import { maintenanceJob } from './jobs/maintenance';
import { removeStoredFilesJob } from './media/jobs';
import { sendQuotaAlertJob } from './plans/jobs';
import { processReviewRequestsJob } from './requests/jobs';
import { sendRecipientConfirmationJob } from './recipients/jobs';
import { sendAlertDigestJob, sendReviewNotificationJob } from './reviews/jobs';
import { publishStorefrontJob } from './storefront/publish';
import { processWebhookJob, reconcileOrdersJob, reconcileStoreJob } from './webhooks/jobs';

export const JOBS: readonly JobDefinition[] = [
  processReviewRequestsJob,
  maintenanceJob,
  sendPasswordResetJob,
  sendEmailChangeNoticeJob,
  processWebhookJob,
  reconcileOrdersJob,
  reconcileStoreJob,
  sendReviewNotificationJob,
  sendAlertDigestJob,
  sendRecipientConfirmationJob,
  sendQuotaAlertJob,
  recheckSenderDomainsJob,
  syncBillingJob,
  publishStorefrontJob,
  removeStoredFilesJob,
];

export function periodicTasks(config: Config): PeriodicTask[] {
  return [
    // The sending run, hourly by default (WORKER_TICK_INTERVAL_SECONDS).
    periodic(processReviewRequestsJob, config.worker.tickIntervalSeconds),
    periodic(maintenanceJob, 86_400),
    periodic(reconcileOrdersJob, 3600),
    // DNS changes without telling us: verified sending domains are looked up again (each every ~20 h).
    periodic(recheckSenderDomainsJob, 6 * 3600),
    // Shopify holds the truth about billing: each connected store is read again about once a day.
    periodic(syncBillingJob, 3600),
  ];
}
