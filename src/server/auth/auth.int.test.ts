import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '#db/schema';
import { queryRows } from '#db/client';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { Browserish, ORIGIN, uniqueEmail } from '#tests/support/http';
import { createApp } from '../app';
import { JOBS } from '../job-registry';
import { createWorker } from '../jobs/worker';
import { hitRateLimit } from '../security/rate-limit';
import { API_ACCOUNT_WORDING } from '#core/api/auth';
import { messageFor } from '../messages';
import { AUTH_LIMITS, signInLimitKeys } from './routes';
import { world } from '#tests/support/world';

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
const PASSWORD = 'Lumiere-des-Avis-2025';

beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: 'true' });
  app = createApp(ctx);
});
afterAll(() => ctx.destroy());

async function signUp(browser = new Browserish(app), email = uniqueEmail(), password = PASSWORD) {
  const res = await browser.json<{ user: { id: string; email: string }; token?: string }>('/api/auth/sign-up/email', {
    json: { name: 'Camille Martin', email, password, companyName: 'Maison Lumière' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { browser, email, user: res.body.user, body: res.body };
}

async function runJobs() {
  await createWorker(ctx, JOBS, [], { pollIntervalMs: 10, concurrency: 2 }).drain();
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

  it('creates an account without a person’s name, as the Shopify onboarding does, greeted by its e-mail, never its company (issue 45)', async () => {
    const browser = new Browserish(app);
    const email = uniqueEmail();
    expect((await browser.json('/api/auth/sign-up/email', { json: { email, password: PASSWORD, companyName: 'Maison Lumière' } })).status).toBe(200);
    const session = await browser.json<{ user: { name: string; companyName: string } }>('/api/auth/get-session');
    expect(session.body.user).toMatchObject({ name: '', companyName: 'Maison Lumière' });

    await new Browserish(app).request('/api/auth/forgot-password', { json: { email } });
    await runJobs();
    const [reset] = await outboxFor(email);
    expect(reset!.text).toContain(`Bonjour ${email},`);
    expect(reset!.text).not.toContain('Maison Lumière');

    // The name given later in the account settings, then taken back: empty is allowed, not a 400.
    expect((await browser.json('/api/auth/update-user', { json: { name: ' Camille Martin ' } })).status).toBe(200);
    expect((await browser.json<{ user: { name: string } }>('/api/auth/get-session')).body.user.name).toBe('Camille Martin');
    expect((await browser.json('/api/auth/update-user', { json: { name: '' } })).status).toBe(200);
    expect((await browser.json<{ user: { name: string } }>('/api/auth/get-session')).body.user.name).toBe('');
  });

  it('refuses short, long and common passwords with a French reason', async () => {
    const browser = new Browserish(app);
    const attempt = (password: string) => browser.json('/api/auth/sign-up/email', { json: { name: 'X', email: uniqueEmail(), password } });
    expect(await attempt('zq9$x')).toMatchObject({ status: 400, body: { error: 'Le mot de passe doit contenir au moins 6 caractères', code: 'invalid_input', field: 'password' } });
    expect(await attempt('a'.repeat(129))).toMatchObject({ status: 400, body: { error: API_ACCOUNT_WORDING.passwordTooLong, code: 'invalid_input', field: 'password' } });
    for (const common of ['azerty', 'Password1', 'qwerty123', '123456789']) {
      expect(await attempt(common)).toMatchObject({ status: 400, body: { error: messageFor('password_too_common'), code: 'password_too_common' } });
    }
    expect((await attempt(`Z9-${'x'.repeat(125)}`)).status).toBe(200);
  });

  it('refuses a second account on the same e-mail', async () => {
    const { email } = await signUp();
    const again = await new Browserish(app).json('/api/auth/sign-up/email', { json: { name: 'X', email, password: PASSWORD } });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.body).toEqual({ error: 'Un compte existe déjà avec cette adresse email.', code: 'user_already_exists' });
  });

  it('signs in with the right password only, answering in French', async () => {
    const { email } = await signUp();
    const browser = new Browserish(app);
    const wrong = await browser.json('/api/auth/sign-in/email', { json: { email, password: 'not-the-password' } });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'E-mail ou mot de passe incorrect.', code: 'invalid_email_or_password' } });
    const right = await browser.json<{ user: { email: string } }>('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    expect(right.status).toBe(200);
    expect(right.body.user.email).toBe(email);
    const malformed = await browser.json('/api/auth/sign-in/email', { json: { email: 'pas-un-email', password: 'x' } });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'Adresse e-mail invalide.', code: 'invalid_input', field: 'email' } });
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
    expect(res.body).toEqual({ error: 'Requête refusée\u202f: origine non autorisée.', code: 'forbidden_origin' });
    // A cookie POST with no Origin (nor Referer) is refused too.
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const bare = await app.request(`${ORIGIN}/api/auth/sign-out`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    expect(bare.status).toBe(403);
    // The session survived both attempts.
    expect((await browser.json<{ user: { name: string } }>('/api/auth/get-session')).body.user.name).toBe('Camille Martin');
  });
});

describe('protected routes', () => {
  it('answer 401 { error } without a session, accept the cookie, and never a bearer token', async () => {
    const anonymous = await new Browserish(app).json('/api/stores/current');
    expect(anonymous).toMatchObject({ status: 401, body: { error: messageFor('not_signed_in'), code: 'not_signed_in' } });

    const { browser } = await signUp();
    expect((await browser.json('/api/stores/current')).body).toEqual({ store: null, away: null });

    // The cookie's token itself, presented as a bearer, is not a credential.
    const cookieToken = decodeURIComponent(browser.cookies.get('avis.session_token')!).split('.')[0]!;
    const bearer = await app.request(`${ORIGIN}/api/stores/current`, { headers: { authorization: `Bearer ${cookieToken}` } });
    expect(bearer.status).toBe(401);
    const bad = await app.request(`${ORIGIN}/api/stores/current`, { headers: { authorization: 'Bearer forged-token' } });
    expect(bad.status).toBe(401);
  });

  it('return the active store of the signed-in merchant only', async () => {
    const a = await signUp();
    const b = await signUp();
    await world(ctx).account(a.user.id).store({ plan: null });
    const mine = await a.browser.json<{ store: { shop_domain: string; subscription_status: string } }>('/api/stores/current');
    expect(mine.body.store).toMatchObject({ subscription_status: 'active', is_active: true });
    expect((await b.browser.json('/api/stores/current')).body).toEqual({ store: null, away: null });
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
    expect(mail!.text).toMatch(/^Bonjour .+,\n\nVous avez demandé à réinitialiser le mot de passe/);
    // The product's e-mail layout: the link as a button, the product's name and colour, no unsubscribe line.
    const link = /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(mail!.text!)![0];
    expect(mail!.html).toContain(`<a href="${link}" style="display:inline-block;background:#0f766e;`);
    expect(mail!.html).toContain('>Choisir un nouveau mot de passe</a>');
    expect(mail!.html).toContain('>Avis Clients</div>');
    expect(mail!.html).not.toMatch(/désabonner/i);
    // Job payloads (the address) are not kept after the job is done.
    const payloads = await queryRows<{ payload: unknown }>(ctx.db, sql`SELECT payload FROM jobs WHERE name = 'send-password-reset'`);
    expect(payloads.every((p) => JSON.stringify(p.payload) === '{}')).toBe(true);
  });

  it('rejects a malformed address with 400', async () => {
    const res = await new Browserish(app).json('/api/auth/forgot-password', { json: { email: 'nope' } });
    expect(res).toMatchObject({ status: 400, body: { error: API_ACCOUNT_WORDING.emailInvalid, code: 'invalid_input', field: 'email' } });
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
    expect(reuse).toMatchObject({ status: 400, body: { error: messageFor('invalid_token'), code: 'invalid_token' } });

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
    expect(res).toMatchObject({ status: 400, body: { error: messageFor('invalid_token'), code: 'invalid_token' } });
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
    expect(wrong).toMatchObject({ status: 400, body: { error: 'Mot de passe actuel incorrect.', code: 'invalid_password' } });
    const common = await browser.json('/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: 'password', revokeOtherSessions: true } });
    expect(common).toMatchObject({ status: 400, body: { error: messageFor('password_too_common'), code: 'password_too_common' } });
    const ok = await browser.json('/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: 'Tout-Nouveau-77', revokeOtherSessions: true } });
    expect(ok.status).toBe(200);
    expect((await other.json('/api/auth/get-session')).body).toBeNull();
  });

  it('answers a change without a session 401 session_expired', async () => {
    const anonymous = new Browserish(app);
    for (const [path, json] of [
      ['/api/auth/update-user', { name: 'X' }],
      ['/api/auth/change-email', { newEmail: uniqueEmail(), currentPassword: PASSWORD }],
      ['/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'Tout-Nouveau-77' }],
    ] as const) {
      expect(await anonymous.json(path, { json }), path).toMatchObject({ status: 401, body: { error: 'Session expirée. Veuillez vous reconnecter.', code: 'session_expired' } });
    }
  });

  it('updates the name at once, and the e-mail only once confirmed (change-email.int.test.ts)', async () => {
    const { browser, email } = await signUp();
    expect((await browser.json('/api/auth/update-user', { json: { name: 'Camille M.' } })).status).toBe(200);
    const newEmail = uniqueEmail('nouveau');
    expect((await browser.json('/api/auth/change-email', { json: { newEmail, currentPassword: PASSWORD } })).status).toBe(200);
    const session = await browser.json<{ user: { name: string; email: string } }>('/api/auth/get-session');
    expect(session.body.user).toMatchObject({ name: 'Camille M.', email });
  });
});

describe('session tokens', () => {
  it('are stored hashed, and no answer ever gives one to a script', async () => {
    const { browser, email, body } = await signUp();
    expect(body).not.toHaveProperty('token');
    const cookieToken = decodeURIComponent(browser.cookies.get('avis.session_token')!).split('.')[0]!;
    const rows = await ctx.db.select().from(s.session);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.token.startsWith('sha256:'))).toBe(true);
    expect(rows.some((r) => r.token === cookieToken)).toBe(false);

    const session = await browser.json<{ session: Record<string, unknown> }>('/api/auth/get-session');
    expect(session.body.session).toBeTruthy();
    expect(session.body.session).not.toHaveProperty('token');
    expect(JSON.stringify(session.body)).not.toContain(cookieToken);

    const signIn = await new Browserish(app).request('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    expect(signIn.status).toBe(200);
    expect(await signIn.json()).not.toHaveProperty('token');
    expect(signIn.headers.get('set-auth-token')).toBeNull();
  });

  it('keep a session alive across a refresh (the cookie is re-signed with the raw token)', async () => {
    const { browser, user } = await signUp();
    // Make the session old enough to be refreshed on the next read.
    await ctx.db.execute(sql`UPDATE session SET expires_at = now() + interval '1 day' WHERE user_id = ${user.id}`);
    const refreshed = await browser.request('/api/auth/get-session');
    expect(refreshed.headers.getSetCookie().some((line) => line.startsWith('avis.session_token='))).toBe(true);
    expect((await browser.json<{ user: { id: string } }>('/api/auth/get-session')).body.user.id).toBe(user.id);
  });

  it('hides the session-management endpoints the product does not use', async () => {
    const { browser } = await signUp();
    expect(await browser.json('/api/auth/list-sessions')).toMatchObject({ status: 404, body: { error: 'Ressource introuvable.', code: 'not_found' } });
    expect((await browser.json('/api/auth/revoke-session', { json: { token: 'x' } })).status).toBe(404);
    expect((await browser.json('/api/auth/delete-user', { json: {} })).status).toBe(404);
  });
});

describe('bodies', () => {
  it('refuse anything but JSON with 415, so what is rate-limited is what is read', async () => {
    const { email } = await signUp();
    const form = await new Browserish(app).json('/api/auth/sign-in/email', { form: { email, password: PASSWORD } });
    expect(form.status).toBe(415);
    expect(form.body).toEqual({ error: 'Le corps de la requête doit être au format JSON (type de contenu application/json).', code: 'json_required' });
    const plain = await new Browserish(app).json('/api/auth/sign-in/email', { headers: { 'content-type': 'text/plain' }, method: 'POST' });
    expect(plain.status).toBe(415);
  });

  it('answer bad values with 400 in French, never a 500', async () => {
    const { browser } = await signUp();
    expect(await browser.json('/api/auth/update-user', { json: { name: null } })).toMatchObject({
      status: 400,
      body: { error: 'Veuillez saisir un nom.', code: 'invalid_input', field: 'name' },
    });
    expect(await browser.json('/api/auth/update-user', { json: { name: 'Ca\u0000mille' } })).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('caractère nul'), code: 'invalid_characters' },
    });
    expect((await browser.json('/api/auth/update-user', { json: { name: 'x'.repeat(101) } })).status).toBe(400);
    expect((await new Browserish(app).json('/api/auth/sign-in/email', { json: ['a'] })).status).toBe(400);
    expect((await new Browserish(app).json('/api/auth/sign-in/email', { json: { email: 5, password: {} } })).status).toBe(400);
    expect((await new Browserish(app).json('/api/auth/sign-up/email', { json: { name: 'A', email: uniqueEmail(), password: 'Mot\u0000de-passe-solide' } })).status).toBe(400);
  });
});

describe('password change', () => {
  it('ends the other sessions even when the client asks to keep them', async () => {
    const { email, browser } = await signUp();
    const other = new Browserish(app);
    await other.json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    const res = await browser.json('/api/auth/change-password', { json: { currentPassword: PASSWORD, newPassword: 'Tout-Nouveau-77', revokeOtherSessions: false } });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect((await other.json('/api/auth/get-session')).body).toBeNull();
    // This browser got a fresh session.
    expect((await browser.json<{ user: { email: string } }>('/api/auth/get-session')).body.user.email).toBe(email);
  });
});

describe('rate limits', () => {
  it('never count successful sign-ins', async () => {
    const { email } = await signUp();
    const owner = new Browserish(app);
    for (let i = 0; i < AUTH_LIMITS.signIn.pair.max + 2; i++) expect((await owner.request('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })).status).toBe(200);
  });

  it("lock a guesser's address, not the owner: wrong passwords from elsewhere leave the owner's sign-in working", async () => {
    const { email } = await signUp();
    const guesser = new Browserish(app, '192.0.2.50');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guesser.request('/api/auth/sign-in/email', { json: { email, password: 'mauvais-mdp-1' } })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await guesser.json('/api/auth/sign-in/email', { json: { email, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: 'rate_limited', error: expect.stringMatching(/^Trop de tentatives\. Veuillez réessayer dans \d+ minutes?\.$/) });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, from their own address, is not affected.
    expect((await new Browserish(app, '192.0.2.51').request('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('stop a guesser spread over many addresses, while addresses the owner signed in from still work', async () => {
    const { email } = await signUp();
    const ownerIp = '192.0.2.77';
    expect((await new Browserish(app, ownerIp).request('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })).status).toBe(200);
    // Forty-nine failures from as many addresses (counted as the limiter counts them; a real sign-in
    // costs a scrypt, too slow to repeat fifty times here), then one real failure tips it.
    for (let i = 0; i < AUTH_LIMITS.signIn.account.max - 1; i++) {
      await hitRateLimit(ctx.db, signInLimitKeys(email, `198.18.0.${i + 1}`).account, AUTH_LIMITS.signIn.account);
    }
    expect((await new Browserish(app, '198.18.1.1').request('/api/auth/sign-in/email', { json: { email, password: 'faux-mdp-50' } })).status).toBe(401);
    // A new address is refused even with the right password; the owner's usual address is not.
    expect((await new Browserish(app, '198.18.9.9').request('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })).status).toBe(429);
    expect((await new Browserish(app, ownerIp).request('/api/auth/sign-in/email', { json: { email, password: PASSWORD } })).status).toBe(200);
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
    // 32 password checks at the production cost (scrypt): about 10 s alone, much more on a busy 2-core machine.
  }, 120_000);

  it('send at most one reset e-mail per account and window, answering every request alike', async () => {
    const { email } = await signUp();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await new Browserish(app).request('/api/auth/forgot-password', { json: { email } })).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await runJobs();
    expect(await outboxFor(email)).toHaveLength(1);
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
