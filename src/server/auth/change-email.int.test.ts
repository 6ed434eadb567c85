import { eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import * as s from '#db/schema';
import { emailChangeLanding } from '#core/api/auth';
import type { TestContext } from '#tests/support/test-context';
import { Browserish, uniqueEmail } from '#tests/support/http';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { AUTH_LIMITS } from './routes';
import { emailChangeConfirmation, emailChangeNotice, resetEmail } from '../messages/auth';
import { MERCHANT_PASSWORD } from '#tests/support/world';
import { integrationTest } from '#tests/support/integration';

const it = integrationTest({ TRUST_PROXY: 'true' });

const runJobs = (ctx: TestContext) => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
const outboxTo = (ctx: TestContext, to: string) => ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to));
const confirmLinkIn = (text: string | null) => /\/confirm-email\/([^\s)>\]]+)/.exec(text ?? '')?.[1];
const sessionEmail = async (browser: Browserish) => (await browser.json<{ user: { email: string } }>('/api/auth/get-session')).body.user.email;
const accountEmail = async (ctx: TestContext, userId: string) => (await ctx.db.select({ email: s.user.email }).from(s.user).where(eq(s.user.id, userId)))[0]!.email;

/** Asks the change from `browser`, runs the jobs, and answers the token of the newest link sent to `newEmail`. */
async function askChange(ctx: TestContext, browser: Browserish, newEmail: string): Promise<string> {
  expect(await browser.json('/api/auth/change-email', { json: { newEmail, currentPassword: MERCHANT_PASSWORD } })).toMatchObject({ status: 200, body: { status: true } });
  await runJobs(ctx);
  const links = (await outboxTo(ctx, newEmail)).filter((mail) => mail.subject === emailChangeConfirmation.subject);
  return decodeURIComponent(confirmLinkIn(links.at(-1)!.text)!);
}

/** Follows a link as its mailbox's owner would, on a device without a session; answers where it landed. */
async function follow(app: ReturnType<typeof createApp>, token: string): Promise<string | null> {
  const followed = await new Browserish(app).request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  expect(followed.status).toBe(302);
  return followed.headers.get('location');
}
/** Where a refused link lands: the page reads why from `outcome`. */
const refused = (outcome: 'used' | 'expired' | 'replaced' | 'cancelled' | 'invalid') => `/email-changed?outcome=${outcome}`;
/** Where a followed link that changed the address lands: the page never names the address. */
const CHANGED = emailChangeLanding('changed');

const template = {
  subject: 'Votre commande {{ order_number }} chez {{ store_name }}',
  body_content: 'Merci pour votre achat, {{ customer_name }}.',
  button_text: 'Donner mon avis',
  button_url_template: '{{ review_link }}',
  button_color: '#7c3aed',
};

describe('POST /api/auth/change-email', () => {
  it('asks the current password: without it or with a wrong one nothing is sent nor cancelled; with it the link goes (issue 45)', async ({ ctx, app, world }) => {
    const { browser, email, userId } = await world.signedIn(app).store();
    const pendingEmail = uniqueEmail('en-attente');
    const pending = await askChange(ctx, browser, pendingEmail);
    const newEmail = uniqueEmail('nouvelle');

    const without = await browser.json('/api/auth/change-email', { json: { newEmail } });
    expect(without).toMatchObject({ status: 400, body: { code: 'invalid_input' } });
    const wrong = await browser.json('/api/auth/change-email', { json: { newEmail, currentPassword: 'Pas-Le-Bon-Secret-45' } });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'invalid_password', error: 'Mot de passe actuel incorrect.' } });
    await runJobs(ctx);
    expect(await outboxTo(ctx, newEmail)).toEqual([]);
    expect((await outboxTo(ctx, email)).filter((mail) => mail.subject === emailChangeNotice.subject)).toHaveLength(1);
    // The pending link still works: a wrong password cancels nothing.
    expect(await follow(app, pending)).toBe(CHANGED);
    expect(await accountEmail(ctx, userId)).toBe(pendingEmail);

    const token = await askChange(ctx, browser, newEmail);
    expect(token).toBeTruthy();
  });

  it('limits wrong current passwords per account, and a right one gives its hit back', async ({ app, world }) => {
    const { browser } = await world.signedIn(app).store();
    const ask = (currentPassword: string) => browser.json('/api/auth/change-email', { json: { newEmail: uniqueEmail('essai'), currentPassword } });
    expect((await ask(MERCHANT_PASSWORD)).status).toBe(200);
    for (let i = 0; i < AUTH_LIMITS.changeEmail.password.max; i++) expect((await ask('Pas-Le-Bon-Secret-45')).status).toBe(400);
    expect(await ask(MERCHANT_PASSWORD)).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
  });

  it('an expired link lands on its own outcome and changes nothing', async ({ ctx, app, world }) => {
    const { browser, email, userId } = await world.signedIn(app).store();
    const token = await askChange(ctx, browser, uniqueEmail('tardive'));
    await ctx.db
      .update(s.emailChangeLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.emailChangeLinks.userId, userId));
    expect(await follow(app, token)).toBe(refused('expired'));
    expect(await accountEmail(ctx, userId)).toBe(email);
  });

  it('keeps the old address until the link sent to the new one is followed, and tells the old one in French', async ({ ctx, app, world }) => {
    const { browser, email: oldEmail } = await world.signedIn(app).store();
    const newEmail = uniqueEmail('nouvelle');
    expect(await browser.json('/api/auth/change-email', { json: { newEmail, currentPassword: MERCHANT_PASSWORD, callbackURL: 'https://ailleurs.test/piege' } })).toMatchObject({
      status: 200,
      body: { status: true },
    });
    await runJobs(ctx);

    // Nothing changed yet: the session, the account, and the template editor's test e-mail keep the old address.
    expect(await sessionEmail(browser)).toBe(oldEmail);
    const [account] = await ctx.db.select().from(s.user).where(eq(s.user.email, oldEmail));
    expect(account).toBeDefined();
    const test = await browser.json('/api/email-templates/test', { method: 'POST', json: template });
    expect(test).toMatchObject({ status: 200, body: { sent_to: oldEmail } });
    expect((await outboxTo(ctx, newEmail)).some((mail) => mail.subject.startsWith('[Test]'))).toBe(false);

    // The new address: a French link, nothing else.
    const toNew = await outboxTo(ctx, newEmail);
    expect(toNew.map((mail) => mail.subject)).toEqual(['Confirmez votre nouvelle adresse e-mail']);
    expect(toNew[0]!.text).toContain('Votre compte garde son adresse actuelle');
    const token = decodeURIComponent(confirmLinkIn(toNew[0]!.text)!);
    expect(token).toBeTruthy();

    // The old address: a notice naming the new one and what to do if it was not them.
    const notice = (await outboxTo(ctx, oldEmail)).find((mail) => mail.subject === emailChangeNotice.subject);
    expect(notice).toBeDefined();
    expect(notice!.text).toContain(newEmail);
    expect(notice!.text).toContain('Si vous n’êtes pas à l’origine de cette demande');
    expect(notice!.text).toContain('changez votre mot de passe');

    // Following the link (another device, no session): the account takes the new address and lands on its settings, never elsewhere.
    const stranger = new Browserish(app);
    const followed = await stranger.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('https://ailleurs.test/piege')}`);
    expect(followed.status).toBe(302);
    // The landing page never carries the address (a URL stays in the history and the logs).
    expect(followed.headers.get('location')).toBe('/email-changed?outcome=changed');
    expect(stranger.cookies.get('avis.session_token')).toBeUndefined();
    expect(await sessionEmail(browser)).toBe(newEmail);
    const test2 = await browser.json('/api/email-templates/test', { method: 'POST', json: template });
    expect(test2).toMatchObject({ status: 200, body: { sent_to: newEmail } });

    // Single use: the link names the old address, which the account no longer has.
    const reused = await stranger.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(reused.status).toBe(302);
    expect(reused.headers.get('location')).toBe(refused('used'));
  });

  it('refuses a forged or expired link, and is limited per account', async ({ app, world }) => {
    const { browser, email } = await world.signedIn(app).store();
    const forged = await browser.request('/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.x');
    expect(forged.headers.get('location')).toBe(refused('invalid'));
    expect(await sessionEmail(browser)).toBe(email);
    for (let i = 0; i < AUTH_LIMITS.changeEmail.account.max; i++) {
      expect((await browser.json('/api/auth/change-email', { json: { newEmail: uniqueEmail('essai'), currentPassword: MERCHANT_PASSWORD } })).status).toBe(200);
    }
    expect(await browser.json('/api/auth/change-email', { json: { newEmail: uniqueEmail('essai'), currentPassword: MERCHANT_PASSWORD } })).toMatchObject({
      status: 429,
      body: { code: 'rate_limited' },
    });
  });

  it('answers alike for an address that already has an account, and changes nothing', async ({ ctx, app, world }) => {
    const other = await world.signedIn(app).store();
    const { browser, email } = await world.signedIn(app).store();
    expect(await browser.json('/api/auth/change-email', { json: { newEmail: other.email, currentPassword: MERCHANT_PASSWORD } })).toMatchObject({
      status: 200,
      body: { status: true },
    });
    await runJobs(ctx);
    expect((await outboxTo(ctx, other.email)).some((mail) => mail.subject.includes('nouvelle adresse'))).toBe(false);
    expect(await sessionEmail(browser)).toBe(email);
  });

  it('a link works once: replayed after the address came back to what it was, it is refused (issue 45)', async ({ ctx, app, world }) => {
    const { browser, email: oldEmail, userId } = await world.signedIn(app).store();
    const newEmail = uniqueEmail('nouvelle');
    const first = await askChange(ctx, browser, newEmail);
    // Only the link's hash is kept.
    const [row] = await ctx.db.select().from(s.emailChangeLinks).where(eq(s.emailChangeLinks.userId, userId));
    expect(row).toMatchObject({ newEmail, tokenHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(JSON.stringify(row)).not.toContain(first);

    expect(await follow(app, first)).toBe(CHANGED);
    expect(await accountEmail(ctx, userId)).toBe(newEmail);
    // Back to the old address, through its own link.
    expect(await follow(app, await askChange(ctx, browser, oldEmail))).toBe(CHANGED);
    expect(await accountEmail(ctx, userId)).toBe(oldEmail);

    // better-auth's token is signed, unexpired and names the account's current address again: only its use is on record.
    expect(await follow(app, first)).toBe(refused('used'));
    expect(await accountEmail(ctx, userId)).toBe(oldEmail);
    expect(await sessionEmail(browser)).toBe(oldEmail);
  });

  it('a newer request cancels the earlier link', async ({ ctx, app, world }) => {
    const { browser, email, userId } = await world.signedIn(app).store();
    const first = await askChange(ctx, browser, uniqueEmail('premiere'));
    const secondEmail = uniqueEmail('seconde');
    const second = await askChange(ctx, browser, secondEmail);
    expect(await follow(app, first)).toBe(refused('replaced'));
    expect(await accountEmail(ctx, userId)).toBe(email);
    expect(await follow(app, second)).toBe(CHANGED);
    expect(await accountEmail(ctx, userId)).toBe(secondEmail);

    // A request to an address that already has an account sends no link, and still cancels the pending one.
    const other = await world.merchant().store();
    const third = await askChange(ctx, browser, uniqueEmail('troisieme'));
    expect(await browser.json('/api/auth/change-email', { json: { newEmail: other.email, currentPassword: MERCHANT_PASSWORD } })).toMatchObject({ status: 200 });
    expect(await follow(app, third)).toBe(refused('replaced'));
    expect(await accountEmail(ctx, userId)).toBe(secondEmail);
  });

  it('changing or resetting the password cancels a pending change, as the notice to the old address says', async ({ ctx, app, world }) => {
    const changed = await world.signedIn(app).store();
    const beforeChange = await askChange(ctx, changed.browser, uniqueEmail('intrus'));
    const newPassword = 'Un-Tout-Nouveau-Secret-45';
    expect((await changed.browser.json('/api/auth/change-password', { json: { currentPassword: MERCHANT_PASSWORD, newPassword } })).status).toBe(200);
    expect(await follow(app, beforeChange)).toBe(refused('cancelled'));
    expect(await accountEmail(ctx, changed.userId)).toBe(changed.email);

    const reset = await world.signedIn(app).store();
    const beforeReset = await askChange(ctx, reset.browser, uniqueEmail('intrus'));
    await new Browserish(app).request('/api/auth/forgot-password', { json: { email: reset.email } });
    await runJobs(ctx);
    const resetMail = (await outboxTo(ctx, reset.email)).find((mail) => mail.subject === resetEmail.subject);
    const resetToken = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(resetMail!.text!)![1]!);
    expect((await new Browserish(app).json('/api/auth/reset-password', { json: { token: resetToken, newPassword } })).status).toBe(200);
    expect(await follow(app, beforeReset)).toBe(refused('cancelled'));
    expect(await accountEmail(ctx, reset.userId)).toBe(reset.email);
  });

  it('limits the links to one address, whoever asks for them', async ({ ctx, app, world }) => {
    const target = uniqueEmail('cible');
    for (let i = 0; i < AUTH_LIMITS.changeEmail.target.max; i++) {
      const { browser } = await world.signedIn(app).store();
      expect((await browser.json('/api/auth/change-email', { json: { newEmail: target, currentPassword: MERCHANT_PASSWORD } })).status).toBe(200);
    }
    const { browser, email } = await world.signedIn(app).store();
    const refusedAnswer = await browser.json('/api/auth/change-email', { json: { newEmail: target, currentPassword: MERCHANT_PASSWORD } });
    expect(refusedAnswer).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(Number(refusedAnswer.headers.get('retry-after'))).toBeGreaterThan(0);
    await runJobs(ctx);
    expect((await outboxTo(ctx, target)).length).toBe(AUTH_LIMITS.changeEmail.target.max);
    // The refused request told nobody and changed nothing.
    expect((await outboxTo(ctx, email)).some((mail) => mail.subject === emailChangeNotice.subject)).toBe(false);
    // Another address is not held up.
    expect((await browser.json('/api/auth/change-email', { json: { newEmail: uniqueEmail('autre'), currentPassword: MERCHANT_PASSWORD } })).status).toBe(200);
  });
});
