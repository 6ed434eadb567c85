import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { EMAIL_CHANGE_LANDING } from '#core/api/auth';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { Browserish, uniqueEmail } from '#tests/support/http';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { AUTH_LIMITS } from './routes';
import { world } from '#tests/support/world';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  app = createApp(ctx);
});
afterAll(() => ctx.destroy());

const runJobs = () => createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
const outboxTo = (to: string) => ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to));
const confirmLinkIn = (text: string | null) => /\/confirm-email\/([^\s)>\]]+)/.exec(text ?? '')?.[1];
const sessionEmail = async (browser: Browserish) => (await browser.json<{ user: { email: string } }>('/api/auth/get-session')).body.user.email;

const template = {
  subject: 'Votre commande {{ order_number }} chez {{ store_name }}',
  body_content: 'Merci pour votre achat, {{ customer_name }}.',
  button_text: 'Donner mon avis',
  button_url_template: '{{ review_link }}',
  button_color: '#7c3aed',
};

describe('POST /api/auth/change-email', () => {
  it('keeps the old address until the link sent to the new one is followed, and tells the old one in French', async () => {
    const { browser, email: oldEmail } = await world(ctx).signedIn(app).store();
    const newEmail = uniqueEmail('nouvelle');
    expect(await browser.json('/api/auth/change-email', { json: { newEmail, callbackURL: 'https://ailleurs.test/piege' } })).toMatchObject({ status: 200, body: { status: true } });
    await runJobs();

    // Nothing changed yet: the session, the account, and the template editor's test e-mail keep the old address.
    expect(await sessionEmail(browser)).toBe(oldEmail);
    const [account] = await ctx.db.select().from(s.user).where(eq(s.user.email, oldEmail));
    expect(account).toBeDefined();
    const test = await browser.json('/api/email-templates/test', { method: 'POST', json: template });
    expect(test).toMatchObject({ status: 200, body: { sent_to: oldEmail } });
    expect((await outboxTo(newEmail)).some((mail) => mail.subject.startsWith('[Test]'))).toBe(false);

    // The new address: a French link, nothing else.
    const toNew = await outboxTo(newEmail);
    expect(toNew.map((mail) => mail.subject)).toEqual(['Confirmez votre nouvelle adresse e-mail']);
    expect(toNew[0]!.text).toContain('Votre compte garde son adresse actuelle');
    const token = decodeURIComponent(confirmLinkIn(toNew[0]!.text)!);
    expect(token).toBeTruthy();

    // The old address: a notice naming the new one and what to do if it was not them.
    const notice = (await outboxTo(oldEmail)).find((mail) => mail.subject === 'Demande de changement de l’adresse e-mail de votre compte');
    expect(notice).toBeDefined();
    expect(notice!.text).toContain(newEmail);
    expect(notice!.text).toContain('Si vous n’êtes pas à l’origine de cette demande');
    expect(notice!.text).toContain('changez votre mot de passe');

    // Following the link (another device, no session): the account takes the new address and lands on its settings, never elsewhere.
    const stranger = new Browserish(app);
    const followed = await stranger.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('https://ailleurs.test/piege')}`);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(EMAIL_CHANGE_LANDING);
    expect(stranger.cookies.get('avis.session_token')).toBeUndefined();
    expect(await sessionEmail(browser)).toBe(newEmail);
    const test2 = await browser.json('/api/email-templates/test', { method: 'POST', json: template });
    expect(test2).toMatchObject({ status: 200, body: { sent_to: newEmail } });

    // Single use: the link names the old address, which the account no longer has.
    const reused = await stranger.request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    expect(reused.status).toBe(302);
    expect(reused.headers.get('location')).toMatch(/^\/app\/account-settings\?email-change=confirmed&error=INVALID_TOKEN$/);
  });

  it('refuses a forged or expired link, and is limited per account', async () => {
    const { browser, email } = await world(ctx).signedIn(app).store();
    const forged = await browser.request('/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.e30.x');
    expect(forged.headers.get('location')).toMatch(/error=INVALID_TOKEN$/);
    expect(await sessionEmail(browser)).toBe(email);
    for (let i = 0; i < AUTH_LIMITS.changeEmail.account.max; i++) {
      expect((await browser.json('/api/auth/change-email', { json: { newEmail: uniqueEmail('essai') } })).status).toBe(200);
    }
    expect(await browser.json('/api/auth/change-email', { json: { newEmail: uniqueEmail('essai') } })).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
  });

  it('answers alike for an address that already has an account, and changes nothing', async () => {
    const other = await world(ctx).signedIn(app).store();
    const { browser, email } = await world(ctx).signedIn(app).store();
    expect(await browser.json('/api/auth/change-email', { json: { newEmail: other.email } })).toMatchObject({ status: 200, body: { status: true } });
    await runJobs();
    expect((await outboxTo(other.email)).some((mail) => mail.subject.includes('nouvelle adresse'))).toBe(false);
    expect(await sessionEmail(browser)).toBe(email);
  });
});
