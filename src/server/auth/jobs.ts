/** The worker side of forgot-password: asks better-auth for a reset token and e-mail, if the account exists. */
import type { JobHandler } from '../jobs/worker';
import { SEND_PASSWORD_RESET } from './routes';

export const sendPasswordReset: JobHandler = {
  name: SEND_PASSWORD_RESET,
  maxAttempts: 5,
  async run(job, ctx) {
    const email = String(job.payload.email ?? '');
    if (!email) return;
    // better-auth does nothing (and sends nothing) for an unknown address.
    await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: `${ctx.config.appUrl}/reset-password` } });
  },
};
