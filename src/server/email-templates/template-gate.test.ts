/**
 * The per-session gate in front of the endpoints that render merchant-written Liquid (decision 046):
 * a session's requests beyond its places are refused before anything is read.
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { messageFor } from '../messages';
import { RETRY_AFTER_SPREAD, SANDBOX_PER_KEY, TemplateSandbox } from './sandbox';
import { sessionTemplateGate } from './routes';

const templates = new TemplateSandbox();
afterEach(() => templates.close());

/** An app whose handler waits until released: the requests it holds are under way. */
function heldApp() {
  const releases: (() => void)[] = [];
  let handled = 0;
  const app = new Hono();
  // The admin door's tokens, as the app checks them: here a token is `jeton:{shop}`, and `faux` is refused.
  const shopOfToken = (token: string) => (token.startsWith('jeton:') ? token.slice('jeton:'.length) : null);
  app.put('/api/email-templates/active', sessionTemplateGate(templates, shopOfToken), async (c) => {
    handled++;
    await new Promise<void>((resolve) => releases.push(resolve));
    return c.json({ ok: true });
  });
  const put = (cookie?: string) => app.request('/api/email-templates/active', { method: 'PUT', headers: cookie ? { cookie } : {} });
  const putFromAdmin = (token: string) => app.request('/api/email-templates/active', { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
  return { put, putFromAdmin, releases, handled: () => handled };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the session gate of template renders', () => {
  it('refuses a session’s request beyond its places at once, in French with Retry-After; other sessions and requests without a session go on', async () => {
    const { put, releases, handled } = heldApp();
    const mine = 'avis.session_token=jeton-a.signature';
    const held = Array.from({ length: SANDBOX_PER_KEY.admitted }, () => put(mine));
    await settle();
    expect(handled()).toBe(SANDBOX_PER_KEY.admitted);

    const refused = await put(mine);
    expect(refused.status).toBe(429);
    // A wait between the shortest and RETRY_AFTER_SPREAD times it, the same in the header and the sentence.
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(templates.retryAfterMinSeconds);
    expect(wait).toBeLessThanOrEqual(RETRY_AFTER_SPREAD * templates.retryAfterMinSeconds);
    expect(await refused.json()).toEqual({ error: messageFor('template_queue_full', { retryAfterSeconds: wait }), code: 'template_queue_full' });
    expect(handled()).toBe(SANDBOX_PER_KEY.admitted);

    // Another session (a secure cookie's name too), and no session at all (its 401 is the contract's), are not held up.
    const other = put('__Secure-avis.session_token=jeton-b.signature');
    const anonymous = put();
    await settle();
    expect(handled()).toBe(SANDBOX_PER_KEY.admitted + 2);

    // A request that ended frees its place.
    releases.shift()!();
    expect((await held[0]!).status).toBe(200);
    const again = put(mine);
    await settle();
    expect(handled()).toBe(SANDBOX_PER_KEY.admitted + 3);
    for (const release of releases) release();
    expect((await Promise.all([...held, other, anonymous, again])).map((res) => res.status)).toEqual(Array(SANDBOX_PER_KEY.admitted + 3).fill(200));
  });

  it("counts the admin door's requests per shop, whatever token each carries; a refused token is not counted", async () => {
    const { putFromAdmin, releases, handled } = heldApp();
    const held = Array.from({ length: SANDBOX_PER_KEY.admitted }, () => putFromAdmin('jeton:maison.myshopify.com'));
    await settle();
    expect(handled()).toBe(SANDBOX_PER_KEY.admitted);
    expect((await putFromAdmin('jeton:maison.myshopify.com')).status).toBe(429);
    // Another shop, and a token that does not verify (it goes on to its 401), are not held up.
    const other = putFromAdmin('jeton:voisine.myshopify.com');
    const forged = putFromAdmin('faux');
    await settle();
    expect(handled()).toBe(SANDBOX_PER_KEY.admitted + 2);
    for (const release of releases) release();
    expect((await Promise.all([...held, other, forged])).map((res) => res.status)).toEqual(Array(SANDBOX_PER_KEY.admitted + 2).fill(200));
  });
});
