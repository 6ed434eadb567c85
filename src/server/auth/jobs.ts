/**
 * The worker side of forgot-password: asks better-auth for a reset token and e-mail, if the account
 * exists. Enqueued by POST /api/auth/forgot-password; registered in src/server/job-registry.ts.
 */
import { z } from 'zod';
import { renderSystemEmail } from '#core/email/system-email';
import { defineJob } from '../jobs/define';
import { emailChangeNotice } from '../messages/auth';

export const sendPasswordResetJob = defineJob({
  name: 'send-password-reset',
  payload: z.object({ email: z.string().min(1) }),
  maxAttempts: 5,
  async run({ email }, ctx) {
    // better-auth does nothing (and sends nothing) for an unknown address.
    await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: `${ctx.config.appUrl}/reset-password` } });
  },
});

/**
 * Tells the account's current address that a change to `newEmail` was requested (decision 022):
 * enqueued by POST /api/auth/change-email once better-auth accepted the request, whether or not the
 * new address already has an account (the answer is the same either way).
 */
export const sendEmailChangeNoticeJob = defineJob({
  name: 'send-email-change-notice',
  payload: z.object({ to: z.string().min(1), name: z.string(), newEmail: z.string().min(1) }),
  maxAttempts: 5,
  async run({ to, name, newEmail }, ctx) {
    const m = emailChangeNotice;
    const email = renderSystemEmail({
      subject: m.subject,
      paragraphs: [m.greeting(name || to), m.intro(newEmail), m.until, m.notYou],
      button: { text: m.button, url: `${ctx.config.appUrl.replace(/\/+$/, '')}/app/account-settings` },
    });
    await ctx.mailer.send({ to, subject: email.subject, text: email.text, html: email.html });
  },
});
