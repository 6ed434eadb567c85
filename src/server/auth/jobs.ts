/**
 * The worker side of forgot-password: asks better-auth for a reset token and e-mail, if the account
 * exists. Enqueued by POST /api/auth/forgot-password; registered in src/server/job-registry.ts.
 */
import { z } from 'zod';
import { defineJob } from '../jobs/define';

export const sendPasswordResetJob = defineJob({
  name: 'send-password-reset',
  payload: z.object({ email: z.string().min(1) }),
  maxAttempts: 5,
  async run({ email }, ctx) {
    // better-auth does nothing (and sends nothing) for an unknown address.
    await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: `${ctx.config.appUrl}/reset-password` } });
  },
});
