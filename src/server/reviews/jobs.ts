/**
 * The jobs of reviews. Registered in src/server/job-registry.ts.
 */
import { z } from 'zod';
import { defineJob } from '../jobs/define';
import { sendReviewNotification } from './notify';

export { sendAlertDigestJob } from './alert-cap';

/**
 * E-mails the merchant a review whose rating alerts them; enqueued with the review, sent after its
 * commit. `to` is the address the rating action names: where it actually goes is decided when it runs.
 */
export const sendReviewNotificationJob = defineJob({
  name: 'send-review-notification',
  payload: z.object({ reviewId: z.guid(), to: z.string().min(1) }),
  maxAttempts: 8,
  async run({ reviewId, to }, ctx) {
    await sendReviewNotification(ctx, reviewId, to);
  },
});
