import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../db/schema';
import { queryRows } from '../../db/client';
import { createTestContext, type TestContext } from '../../../tests/support/test-context';
import { Browserish, ORIGIN, uniqueEmail } from '../../../tests/support/http';
import { createApp } from '../app';
import { jobHandlers } from '../jobs/registry';
import { createWorker } from '../jobs/worker';
import { authMessages } from './messages';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Lumiere-des-Avis-2025';

beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  app = createApp(ctx);
});
afterAll(() => ctx.destroy());

async function signUp(browser = new Browserish(app), email = uniqueEmail(), password = PASSWORD) {
  const res = await browser.json<{ user: { id: string; email: string }; token: string }>('/api/auth/sign-up/email', {
    json: { name: 'Camille Martin', email, password, companyName: 'Maison Lumière' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { browser, email, user: res.body.user, token: res.body.token };
}

async function runJobs() {
  await createWorker(ctx, jobHandlers(), [], { pollIntervalMs: 10, concurrency: 2 }).drain();
}

async function outboxFor(email: string) {
  return ctx.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email));
}

describe('sign-up and sign-in', () => {
  it('creates the account with a session cookie that is HttpOnly and SameSite', async () => {
    const browser = new Browserish(app);
    const res = await browser.request('/api/auth/sign-up/email', { json: { name: 'Léa Dubois', email: uniqueEmail(), password: PASSWORD } });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('avis.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await browser.json<{ user: { name: string } }>('/api/auth/get-session');
    expect(session.body.user.name).toBe('Léa Dubois');
  });

  it('keeps the company name and hashes the password with scrypt at OWASP cost', async () => {
    const { user, browser } = await signUp();
    const session = await browser.json<{ user: { companyName: string } }>('/api/auth/get-session');
    expect(session.body.user.companyName).toBe('Maison Lumière');
    const [account] = await ctx.db.select().from(s.account).where(eq(s.account.userId, user.id));
    expect(account!.password).toMatch(/^scrypt\$131072\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
  });

  it('refuses short, long and common passwords with a French reason', async () => {
    const browser = new Browserish(app);
    const attempt = (password: string) => browser.json('/api/auth/sign-up/email', { json: { name: 'X', email: uniqueEmail(), password } });
    expect(await attempt('zq9$x')).toMatchObject({ status: 400, body: { error: 'Le mot de passe doit contenir au moins 6 caractères' } });
    expect(await attempt('a'.repeat(129))).toMatchObject({ status: 400, body: { error: authMessages.PASSWORD_TOO_LONG } });
    for (const common of ['azerty', 'Password1', 'qwerty123', '123456789']) {
      expect(await attempt(common)).toMatchObject({ status: 400, body: { error: authMessages.PASSWORD_TOO_COMMON } });
    }
    expect((await attempt(`Z9-${'x'.repeat(125)}`)).status).toBe(200);
  });

  it('refuses a second account on the same e-mail', async () => {
    const { email } = await signUp();
    const again = await new Browserish(app).json('/api/auth/sign-up/email', { json: { name: 'X', email, password: PASSWORD } });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.body).toEqual({ error: authMessages.USER_ALREADY_EXISTS });
  });

  it('signs in with the right password only, answering in French', async () => {
    const { email } = await signUp();
    const browser = new Browserish(app);
    const wrong = await browser.json('/api/auth/sign-in/email', { json: { email, password: 'not-the-password' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Email ou mot de passe incorrect.' } });
    const right = await browser.json<{ user: { email: string } }>('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(email);
    const malformed = await browser.json('/api/auth/sign-in/email', { json: { email: 'pas-un-email', password: 'x' } });
    expect(malformed.status).toBe(400);
    expect(typeof (malformed.body as { error: string }).error).toBe('string');
  });

  it('signs out, after which the session is gone', async () => {
    const { browser } = await signUp();
    expect((await browser.request('/api/auth/sign-out', { json: {} })).status).toBe(200);
    expect((await browser.json('/api/auth/get-session')).body).toBeNull();
  });

  it('refuses a cookie-authenticated POST from another origin', async () => {
    const { browser } = await signUp();
    const res = await browser.json('/api/auth/update-user', { json: { name: 'Pirate' }, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Requête refusée : origine non autorisée.' });
    // A cookie POST with no Origin (nor Referer) is refused too.
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const bare = await app.request(`${ORIGIN}/api/auth/sign-out`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(bare.status).toBe(403);
    // The session survived both attempts.
    expect((await browser.json<{ user: { name: string } }>('/api/auth/get-session')).body.user.name).toBe('Camille Martin');
  });
});

describe('protected routes', () => {
  it('answer 401 { error } without a session, and accept the cookie or a bearer token', async () => {
    const anonymous = await new Browserish(app).json('/api/stores/current');
    expect(anonymous).toMatchObject({ status: 401, body: { error: authMessages.NOT_SIGNED_IN } });

    const { browser, token } = await signUp();
    expect((await browser.json('/api/stores/current')).body).toEqual({ store: null });

    const bearer = await app.request(`${ORIGIN}/api/stores/current`, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
    const bad = await app.request(`${ORIGIN}/api/stores/current`, { headers: { authorization: 'Bearer forged-token' } });
    expect(bad.status).toBe(401);
  });

  it('return the active store of the signed-in merchant only', async () => {
    const a = await signUp();
    const b = await signUp();
    await ctx.db.insert(s.shopifyStores).values({ userId: a.user.id, shopDomain: `a-${Date.now()}.myshopify.com`, subscriptionStatus: 'active' });
    const mine = await a.browser.json<{ store: { shop_domain: string; subscription_status: string } }>('/api/stores/current');
    expect(mine.body.store).toMatchObject({ subscription_status: 'active', is_active: true });
    expect((await b.browser.json('/api/stores/current')).body).toEqual({ store: null });
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const { email } = await signUp();
    const unknown = uniqueEmail('inconnu');
    const browser = new Browserish(app);
    const known = await browser.request('/api/auth/forgot-password', { json: { email } });
    const other = await browser.request('/api/auth/forgot-password', { json: { email: unknown } });
    expect(known.status).toBe(other.status);
    expect(await known.text()).toBe(await other.text());
    // The request did no more than queue a job, for both addresses alike.
    const queued = await queryRows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'send-password-reset' AND status = 'queued'`);
    expect(queued[0]!.n).toBe(2);

    await runJobs();
    expect(await outboxFor(unknown)).toHaveLength(0);
    const [mail] = await outboxFor(email);
    expect(mail!.subject).toBe('Réinitialisation de votre mot de passe');
    expect(mail!.text).toMatch(new RegExp(`${ORIGIN.replace(/[/:.]/g, '\\$&')}/reset-password\\?token=[A-Za-z0-9_-]+`));
    // Job payloads (the address) are not kept after the job is done.
    const payloads = await queryRows<{ payload: unknown }>(ctx.db, sql`SELECT payload FROM jobs WHERE name = 'send-password-reset'`);
    expect(payloads.every((p) => JSON.stringify(p.payload) === '{}')).toBe(true);
  });

  it('rejects a malformed address with 400', async () => {
    const res = await new Browserish(app).json('/api/auth/forgot-password', { json: { email: 'nope' } });
    expect(res).toMatchObject({ status: 400, body: { error: authMessages.INVALID_EMAIL } });
  });

  it('stores the token hashed, resets once, revokes every session, then signs in with the new password', async () => {
    const { email, browser: firstDevice } = await signUp();
    const secondDevice = new Browserish(app);
    await secondDevice.json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    await new Browserish(app).request('/api/auth/forgot-password', { json: { email } });
    await runJobs();
    const [mail] = await outboxFor(email);
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail!.text!)![1]!);
    const rows = await ctx.db.select().from(s.verification);
    expect(rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);

    const anyone = new Browserish(app);
    const newPassword = 'Nouveau-Mot-De-Passe-42';
    expect((await anyone.json('/api/auth/reset-password', { json: { token, newPassword } })).status).toBe(200);
    const reuse = await anyone.json('/api/auth/reset-password', { json: { token, newPassword: 'Encore-Un-Autre-99' } });
    expect(reuse).toMatchObject({ status: 400, body: { error: authMessages.INVALID_TOKEN } });

    expect((await firstDevice.json('/api/auth/get-session')).body).toBeNull();
    expect((await secondDevice.json('/api/auth/get-session')).body).toBeNull();
    expect((await anyone.json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })).status).toBe(401);
    expect((await anyone.json('/api/auth/sign-in/email', { json: { email, password: newPassword } })).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { email } = await signUp();
    await new Browserish(app).request('/api/auth/forgot-password', { json: { email } });
    await runJobs();
    const [mail] = await outboxFor(email);
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail!.text!)![1]!);
    await ctx.db.execute(sql`UPDATE verification SET expires_at = now() - interval '1 minute'`);
    const res = await new Browserish(app).json('/api/auth/reset-password', { json: { token, newPassword: 'Nouveau-Mot-De-Passe-42' } });
    expect(res).toMatchObject({ status: 400, body: { error: authMessages.INVALID_TOKEN } });
  });

  it('expires tokens after one hour', async () => {
    const { email } = await signUp();
    await new Browserish(app).request('/api/auth/forgot-password', { json: { email } });
    await runJobs();
    const [row] = await queryRows<{ ttl: number }>(ctx.db, sql`SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM verification ORDER BY created_at DESC LIMIT 1`);
    expect(row!.ttl).toBeGreaterThanOrEqual(3590);
    expect(row!.ttl).toBeLessThanOrEqual(3610);
  });
});

describe('account changes', () => {
  it('changes the password only with the current one, and other sessions end', async () => {
    const { email, browser } = await signUp();
    const other = new Browserish(app);
    await other.json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    const wrong = await browser.json('/api/auth/change-password', { json: { currentPassword: 'wrong-one-123', newPassword: 'Tout-Nouveau-77', revokeOtherSessions: true } });
    expect(wrong).toMatchObject({ status: 400, body: { error: authMessages.INVALID_PASSWORD } });
    const common = await browser.json('/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: 'password', revokeOtherSessions: true } });
    expect(common).toMatchObject({ status: 400, body: { error: authMessages.PASSWORD_TOO_COMMON } });
    const ok = await browser.json('/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: 'Tout-Nouveau-77', revokeOtherSessions: true } });
    expect(ok.status).toBe(200);
    expect((await other.json('/api/auth/get-session')).body).toBeNull();
  });

  it('updates the name and the e-mail', async () => {
    const { browser } = await signUp();
    expect((await browser.json('/api/auth/update-user', { json: { name: 'Camille M.' } })).status).toBe(200);
    const newEmail = uniqueEmail('nouveau');
    expect((await browser.json('/api/auth/change-email', { json: { newEmail } })).status).toBe(200);
    const session = await browser.json<{ user: { name: string; email: string } }>('/api/auth/get-session');
    expect(session.body.user).toMatchObject({ name: 'Camille M.', email: newEmail });
  });
});

describe('rate limits', () => {
  it('limit sign-in attempts per account with 429 and a French message', async () => {
    const { email } = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await new Browserish(app).request('/api/auth/sign-in/email', { json: { email, password: 'mauvais-mdp-1' } })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await new Browserish(app).json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect((blocked.body as { error: string }).error).toMatch(/^Trop de tentatives\. Veuillez réessayer dans \d+ minutes?\.$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limit sign-in attempts per IP, across app instances sharing the database', async () => {
    const ip = '203.0.113.7';
    const second = createApp(ctx);
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const target = i % 2 === 0 ? app : second;
      last = (await new Browserish(target, ip).request('/api/auth/sign-in/email', { json: { email: uniqueEmail(), password: 'whatever-123' } })).status;
    }
    expect(last).toBe(429);
    // Another address is not affected.
    expect((await new Browserish(app, '203.0.113.8').request('/api/auth/sign-in/email', { json: { email: uniqueEmail(), password: 'whatever-123' } })).status).toBe(401);
  });

  it('limit forgot-password per address without revealing whether it exists', async () => {
    const email = uniqueEmail('limite');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await new Browserish(app).request('/api/auth/forgot-password', { json: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('limit sign-ups per IP', async () => {
    const browser = new Browserish(app, '198.51.100.23');
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await browser.request('/api/auth/sign-up/email', { json: { name: 'X', email: uniqueEmail(), password: PASSWORD } })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('client address', () => {
  it('ignores a forged X-Forwarded-For unless a proxy is trusted', async () => {
    const untrusted = await createTestContext({ TRUST_PROXY: 'false' });
    try {
      const plain = createApp(untrusted);
      const browser = new Browserish(plain, '6.6.6.6');
      await browser.request('/api/auth/sign-up/email', { json: { name: 'X', email: uniqueEmail(), password: PASSWORD } });
      const sessions = await untrusted.db.select().from(s.session);
      expect(sessions).toHaveLength(1);
      expect(sessions[0]!.ipAddress).not.toBe('6.6.6.6');
    } finally {
      await untrusted.destroy();
    }
  });
});

