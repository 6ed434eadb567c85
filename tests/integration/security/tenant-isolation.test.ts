/**
 * Section 3: every route that takes an id (path parameter, body field or query parameter), called
 * by merchant B's session with merchant A's ids. Never a 2xx that reveals or changes A's data, no
 * A secret in any answer, and A's rows identical after each call. The calls come from the route
 * inventory plus ISOLATION below, which must name every id-taking route (or say why it is exempt).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as s from '#db/schema';
import { signQuery } from '#server/shopify/hmac';
import { expandedInventory, idFieldsOf, PUBLIC_PREFIXES, type Endpoint } from './support/routes';
import { SAMPLES } from './support/samples';
import {
  PASSWORD,
  changedTables,
  createWorld,
  flowBody,
  identityBody,
  makeMerchant,
  pageBody,
  secretsOf,
  snapshotTenant,
  templateBody,
  type Merchant,
  type World,
} from './support/world';
import { saveUploadedLogo } from '#server/media/logos';
import sharp from 'sharp';
// Test-cost password hashing (see cheap-password.ts); verification stays the app's.
vi.mock('#server/auth/password', async (original) => (await import('./support/cheap-password')).cheapPasswordModule(original as never));

let w: World;
let a: Merchant;
let b: Merchant;
/** A's OAuth state, from A's own POST /api/shopify/connect. */
let aState: string;
let proPlanId: string;
/** A's uploads: a branding logo (its store's folder) and a template logo (its account's). */
let aLogos: { branding: string; template: string };

beforeAll(async () => {
  w = await createWorld();
  a = await makeMerchant(w, 'A');
  b = await makeMerchant(w, 'B');
  const link = await a.browser.json<{ redirect_url: string }>('/api/shopify/connect', { json: { shop: a.shop } });
  expect(link.status).toBe(200);
  aState = new URL(link.body.redirect_url, 'http://x').searchParams.get('state')!;
  const [pro] = await w.ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, 'pro'));
  proPlanId = pro!.id;
  const png = new Uint8Array(
    await sharp({ create: { width: 20, height: 20, channels: 4, background: '#123456' } })
      .png()
      .toBuffer(),
  );
  aLogos = {
    branding: (await saveUploadedLogo(w.ctx, png, { kind: 'branding', storeId: a.store.id })).key,
    template: (await saveUploadedLogo(w.ctx, png, { kind: 'template', userId: a.userId })).key,
  };
});
afterAll(() => w.ctx.destroy());

interface Call {
  method: string;
  path: string;
  json?: unknown;
  /** Acceptable statuses (default: 400, 403, 404, 409, 410). */
  expect?: number[];
  /** Further checks on the answer; returns a problem or null. */
  check?: (res: { status: number; text: string; location: string | null }) => string | null;
}

type Entry = { exempt: string } | { calls: () => Call[] };

const DENIED = [400, 403, 404, 409, 410];
const redirectsWithError = (res: { location: string | null }) =>
  res.location && /(shopify|status)=error/.test(res.location) ? null : `expected an error redirect, got ${res.location}`;

/** Routes whose id arrives in the query string (the inventory cannot see those). */
const QUERY_ID_ROUTES = new Set([
  'GET /api/flows', // ?store_id=
  'GET /api/dev/outbox', // ?to=
  'GET /functions/v1/shopify-billing-callback', // ?store_id=
  'GET /functions/v1/shopify-auth', // ?shop=&state=
  'GET /functions/v1/shopify-auth/callback', // ?shop=&state=&code=
]);

/** How B attacks A's records on each id-taking route. */
const ISOLATION: Record<string, Entry> = {
  'GET /api/shopify/installations/:token': { calls: () => [{ method: 'GET', path: `/api/shopify/installations/${a.claimedInstallationToken}` }] },
  'POST /api/shopify/installations/:token/plan': {
    calls: () => [{ method: 'POST', path: `/api/shopify/installations/${a.claimedInstallationToken}/plan`, json: { plan_id: proPlanId } }],
  },
  'POST /api/shopify/installations/:token/claim': {
    calls: () => [
      { method: 'POST', path: `/api/shopify/installations/${a.claimedInstallationToken}/claim`, json: { plan_id: proPlanId } },
      { method: 'POST', path: `/api/shopify/installations/${a.claimedInstallationToken}/claim`, json: {} },
      // A link for A's shop nobody claimed yet (a capability: whoever holds it may claim it). B
      // already has a store, so the claim is refused (409): refused, it must leave the link as it was.
      { method: 'POST', path: `/api/shopify/installations/${a.openInstallationToken}/claim`, json: { plan_id: proPlanId } },
    ],
  },
  'GET /api/compliance/exports/:id': { calls: () => [{ method: 'GET', path: `/api/compliance/exports/${a.exportId}` }] },
  // Storefront moderation (decision 028): B may not hide or show A's review (404, A's row unchanged).
  'POST /api/reviews/:id/hide': { calls: () => [{ method: 'POST', path: `/api/reviews/${a.reviewId}/hide`, json: { reason: 'insult' } }] },
  'POST /api/reviews/:id/show': { calls: () => [{ method: 'POST', path: `/api/reviews/${a.reviewId}/show`, json: {} }] },
  // Nor hide or show a photo of A's review (decision 058: 404, A's photo unchanged).
  'POST /api/reviews/:id/photos/:photoId/hide': { calls: () => [{ method: 'POST', path: `/api/reviews/${a.reviewId}/photos/${a.photoId}/hide`, json: { reason: 'insult' } }] },
  'POST /api/reviews/:id/photos/:photoId/show': { calls: () => [{ method: 'POST', path: `/api/reviews/${a.reviewId}/photos/${a.photoId}/show`, json: {} }] },
  // What happened while A's store was away (decision 045): B may not dismiss it (404, A's notice stays).
  'POST /api/stores/current/absence/:id/seen': { calls: () => [{ method: 'POST', path: `/api/stores/current/absence/${a.absenceId}/seen`, json: {} }] },
  'GET /api/flows': { calls: () => [{ method: 'GET', path: `/api/flows?store_id=${a.store.id}` }] },
  'POST /api/flows': { calls: () => [{ method: 'POST', path: '/api/flows', json: { ...flowBody, shopify_store_id: a.store.id } }] },
  'PUT /api/flows/:id': { calls: () => [{ method: 'PUT', path: `/api/flows/${a.flowId}`, json: { ...flowBody, is_active: false } }] },
  'DELETE /api/flows/:id': {
    calls: () => [
      { method: 'DELETE', path: `/api/flows/${a.flowId}` },
      { method: 'DELETE', path: `/api/flows/${a.flow2Id}` },
    ],
  },
  'DELETE /api/review-requests/:id': {
    calls: () => [
      { method: 'DELETE', path: `/api/review-requests/${a.laterRequestId}` },
      { method: 'DELETE', path: `/api/review-requests/${a.dueRequestId}` },
    ],
  },
  'POST /api/review-requests/:id/resend': {
    calls: () => [
      { method: 'POST', path: `/api/review-requests/${a.dueRequestId}/resend`, json: {} },
      { method: 'POST', path: `/api/review-requests/${a.laterRequestId}/resend`, json: {} },
    ],
  },
  'POST /api/shopify/connect': {
    // B already has a store: one shop per account (409). Without a store B gets a link, which the
    // browser binding makes useless (oauth-binding.test.ts).
    calls: () => [{ method: 'POST', path: '/api/shopify/connect', json: { shop: a.shop } }],
  },
  'POST /functions/v1/shopify-register-webhooks': { calls: () => [{ method: 'POST', path: '/functions/v1/shopify-register-webhooks', json: { shop_id: a.store.id } }] },
  'POST /functions/v1/fix-webhook-urls': { calls: () => [{ method: 'POST', path: '/functions/v1/fix-webhook-urls', json: { shop_id: a.store.id } }] },
  'POST /functions/v1/shopify-count-orders': { calls: () => [{ method: 'POST', path: '/functions/v1/shopify-count-orders', json: { shop_id: a.store.id } }] },
  'POST /functions/v1/shopify-import-history': {
    calls: () => [
      { method: 'POST', path: '/functions/v1/shopify-import-history', json: { shop_id: a.store.id, immediate: true } },
      { method: 'POST', path: '/functions/v1/shopify-import-history', json: { shop_id: a.store.id, immediate: false, days_to_spread: 3, send_days: [1], send_hour: 9 } },
    ],
  },
  'POST /functions/v1/send-email': {
    calls: () => [
      {
        method: 'POST',
        path: '/functions/v1/send-email',
        json: { shopifyStoreId: a.store.id, recipientEmail: 'victime@exemple.test', subject: 'Promo', text_content: 'Cliquez ici' },
      },
    ],
  },
  'POST /functions/v1/process-review-requests': {
    // Runs on B's own store: a 200 is fine as long as nothing of A's was sent.
    calls: () => [
      {
        method: 'POST',
        path: '/functions/v1/process-review-requests',
        json: { manual: true, requestIds: [a.dueRequestId, a.laterRequestId] },
        expect: [200, ...DENIED],
        check: (res) => (res.status === 200 && !/"processed":0\b/.test(res.text) ? `processed A's requests: ${res.text}` : null),
      },
    ],
  },
  'GET /functions/v1/shopify-billing-callback': {
    calls: () => [{ method: 'GET', path: `/functions/v1/shopify-billing-callback?store_id=${a.store.id}&charge_id=1`, expect: [302], check: redirectsWithError }],
  },
  'GET /functions/v1/shopify-auth': {
    calls: () => [{ method: 'GET', path: `/functions/v1/shopify-auth?${new URLSearchParams({ shop: a.shop, state: aState })}`, expect: [302], check: redirectsWithError }],
  },
  'GET /functions/v1/shopify-auth/callback': {
    calls: () => {
      // A genuinely signed callback (the emulator's secret is the test app's) carrying A's state.
      const params = new URLSearchParams({ code: 'code-vole', shop: a.shop, state: aState, timestamp: String(Math.floor(Date.now() / 1000)) });
      params.set('hmac', signQuery(params, w.ctx.config.shopify.apiSecret));
      return [{ method: 'GET', path: `/functions/v1/shopify-auth/callback?${params}`, expect: [302], check: redirectsWithError }];
    },
  },
  // Not id-taking by the rule (a logo key is no id), but B naming A's uploads: logo_not_found.
  'PUT /api/branding/identity': { calls: () => [{ method: 'PUT', path: '/api/branding/identity', json: { ...identityBody, logo_key: aLogos.branding } }] },
  'POST /api/branding/preview': {
    calls: () => [{ method: 'POST', path: '/api/branding/preview', json: { identity: { ...identityBody, logo_key: aLogos.branding }, page: pageBody } }],
  },
  'PUT /api/email-templates/active': {
    calls: () => [
      { method: 'PUT', path: '/api/email-templates/active', json: { ...templateBody, logo_key: aLogos.template } },
      { method: 'PUT', path: '/api/email-templates/active', json: { ...templateBody, logo_key: aLogos.branding } },
    ],
  },
  'POST /api/email-templates/test': { calls: () => [{ method: 'POST', path: '/api/email-templates/test', json: { ...templateBody, logo_key: aLogos.template } }] },
  // Not id-taking by the rule, but a takeover attempt all the same: B asks for A's e-mail address.
  // better-auth answers 200 { status: true } without changing anything (so the answer does not tell
  // whether the address has an account); the snapshots of A and B prove nothing moved.
  'POST /api/auth/change-email': {
    calls: () => [{ method: 'POST', path: '/api/auth/change-email', json: { newEmail: a.email, currentPassword: PASSWORD }, expect: [200, ...DENIED] }],
  },

  // Exempt: capabilities (the token itself is the credential, whoever holds it; no session involved).
  'GET /api/public/unsubscribe/:token': { exempt: "the customer's unsubscribe link: holding the token is the authority" },
  'POST /api/public/unsubscribe/:token': { exempt: 'RFC 8058 one-click unsubscribe: holding the token is the authority' },
  'GET /api/public/recipients/:token': { exempt: "an alert address's confirmation link: holding the token is the authority" },
  'POST /api/public/recipients/:token': { exempt: "an alert address's confirmation link: holding the token is the authority (single use)" },
  'GET /review/:token': { exempt: "the customer's review page: holding the token is the authority" },
  'POST /review/:token': { exempt: "the customer's review form: holding the token is the authority" },
  'POST /review/:token/postpone': { exempt: "the customer's « pas encore reçu » form: holding the token is the authority" },
  'POST /review/:token/photos': { exempt: "a photo for the review its page sent: the token and that page's own key are the authority" },
  'GET /review/:token/open.gif': { exempt: "the e-mail's open pixel: holding the token is the authority; it reveals nothing (the same image for any token)" },
  'GET /review/:token/public-site/:reviewId': { exempt: 'the tracked public-site link: the token and the review id must belong together (review-page-engagement.int.test.ts)' },
  'POST /api/auth/reset-password': { exempt: "the e-mailed reset token is the credential (single use, one hour); it names no tenant's session" },
  // Exempt: developer tools, never mounted in production (routes.test.ts proves it).
  'POST /functions/v1/plans-change': { exempt: "plan_id names a plan of the one price list, not a tenant's record; the store changed is the session's own" },
  'GET /api/dev/outbox': { exempt: 'developer tool, absent in production' },
  'GET /api/dev/outbox/:id': { exempt: 'developer tool, absent in production' },
  'POST /api/shopify/test-installations': { exempt: 'developer tool, 404 in production' },
};

function idTaking(e: Endpoint): string | null {
  if (PUBLIC_PREFIXES.some((p) => e.path.startsWith(p.prefix))) return null; // the emulator: its own tenants
  if (e.path.includes(':')) return 'path parameter';
  const sample = SAMPLES[e.key]?.({ w, m: a, account: { email: a.email } });
  const fields = sample ? idFieldsOf(sample.body) : [];
  if (fields.length) return `body ${fields.join(', ')}`;
  if (QUERY_ID_ROUTES.has(e.key)) return 'query';
  return null;
}

describe('tenant isolation', () => {
  it('the table names every id-taking route', () => {
    const inventory = expandedInventory(w.app);
    const keys = new Set(inventory.map((e) => e.key));
    const missing = inventory.filter((e) => idTaking(e) && !ISOLATION[e.key]).map((e) => `${e.key} (${idTaking(e)})`);
    expect(missing).toEqual([]);
    expect(Object.keys(ISOLATION).filter((k) => !keys.has(k))).toEqual([]);
  });

  it("A's ids are real: A reads its own records (control)", async () => {
    expect((await a.browser.json(`/api/compliance/exports/${a.exportId}`)).status).toBe(200);
    expect((await a.browser.json(`/api/flows?store_id=${a.store.id}`)).status).toBe(200);
    expect((await a.browser.json(`/api/shopify/installations/${a.claimedInstallationToken}`)).status).toBe(200);
    expect((await a.browser.json('/functions/v1/shopify-count-orders', { json: { shop_id: a.store.id } })).status).toBe(200);
    expect((await a.browser.json('/api/branding/preview', { json: { identity: { ...identityBody, logo_key: aLogos.branding }, page: pageBody } })).status).toBe(200);
    expect((await a.browser.json('/api/email-templates/active', { method: 'PUT', json: { ...templateBody, logo_key: aLogos.template } })).status).toBe(200);
  });

  it("B's session with A's ids: refused, nothing revealed, A's rows unchanged", async () => {
    const problems: string[] = [];
    const secrets = secretsOf(a);
    const bBefore = await snapshotTenant(w, b);
    // Driven by the inventory: every mounted route with an entry (the first test makes sure every
    // id-taking route has one).
    for (const { key } of expandedInventory(w.app)) {
      const entry = ISOLATION[key];
      if (!entry || 'exempt' in entry) continue;
      for (const call of entry.calls()) {
        const before = await snapshotTenant(w, a);
        const res = await b.browser.request(call.path, { method: call.method, ...(call.json !== undefined ? { json: call.json } : {}) });
        const text = await res.text();
        const location = res.headers.get('location');
        const label = `${key}: ${call.method} ${call.path} ${call.json ? JSON.stringify(call.json) : ''}`;
        const allowed = call.expect ?? DENIED;
        if (!allowed.includes(res.status)) problems.push(`${label} → ${res.status} ${text.slice(0, 200)}`);
        const problem = call.check?.({ status: res.status, text, location });
        if (problem) problems.push(`${label}: ${problem}`);
        const leaked = secrets.filter((secret) => text.includes(secret) || (location ?? '').includes(secret));
        if (leaked.length) problems.push(`${label} revealed ${leaked.join(', ')}`);
        const changed = changedTables(before, await snapshotTenant(w, a));
        if (changed.length) problems.push(`${label} changed A's ${changed.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
    // B's own data is untouched too (no A data was copied into B's store).
    const bAfter = await snapshotTenant(w, b);
    expect(changedTables(bBefore, bAfter)).toEqual([]);
  });
});
