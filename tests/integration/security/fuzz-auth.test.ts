/**
 * Section 4 (/api/auth): the better-auth gateway's endpoints fuzzed like the rest of the API, plus
 * its own rules: bodies are JSON only (415 { error } for any other content type), a NUL anywhere
 * is a 400, and no input reaches better-auth in a shape that makes it fail with a 5xx. Each request
 * comes from a new client address, so the per-address limits are not what answers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browserish } from '#tests/support/http';
import { fuzzEndpoint, prototypePolluted } from './support/fuzz';
import { SAMPLES } from './support/samples';
import { createWorld, freshIp, makeMerchant, signUp, type Merchant, type World } from './support/world';
// Test-cost password hashing (see cheap-password.ts); verification stays the app's.
vi.mock('#server/auth/password', async (original) => (await import('./support/cheap-password')).cheapPasswordModule(original as never));

let w: World;
let m: Merchant;
let account: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  w = await createWorld();
  m = await makeMerchant(w, 'E');
  account = await signUp(w, 'authfuzz');
});
afterAll(() => w.ctx.destroy());

// Sign-out last: it ends the session the other session-changing endpoints run under.
const AUTH_KEYS = Object.keys(SAMPLES).filter((k) => k.startsWith('POST /api/auth/'));
const ORDER = [...AUTH_KEYS.filter((k) => !k.endsWith('/sign-out')), 'POST /api/auth/sign-out'];

describe('fuzzing /api/auth', () => {
  it('covers every auth sample', () => {
    expect([...ORDER].sort()).toEqual([...AUTH_KEYS].sort());
  });

  for (const key of ORDER) {
    it(key, async () => {
      const sample = SAMPLES[key]!({ w, m, account });
      // The session-changing endpoints are fuzzed signed in (else every case would be a mere 401).
      if (sample.client === 'account' && !sample.destructive) expect((await account.browser.json('/api/auth/get-session')).body).not.toBeNull();
      const browser = () => (sample.client === 'account' ? account.browser : sample.client === 'merchant' ? m.browser : new Browserish(w.app, freshIp()));
      const problems = await fuzzEndpoint(w, { key, ...sample }, browser);
      expect(problems).toEqual([]);
    });
  }

  it('update-user refuses a null name with 400 { error } (companyName may be cleared)', async () => {
    const other = await signUp(w, 'profil');
    const res = await other.browser.json('/api/auth/update-user', { json: { name: null } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.any(String) });
    expect((await other.browser.json('/api/auth/update-user', { json: { companyName: null } })).status).toBe(200);
  });

  it('parsing hostile bodies never polluted Object.prototype', () => {
    expect(prototypePolluted()).toBe(false);
  });
});
