/**
 * The security headers of every kind of answer, in one table: pages (with their CSP nonce), the API's
 * answers and errors, redirects, static files, streams and compressed answers, the review page,
 * uploaded files, and Shopify's webhooks (which carry none, by design). Each row compares the whole
 * set, so a header that goes missing, changes or appears fails the row that shows it.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { Browserish, ORIGIN } from '#tests/support/http';
import { integrationTest } from '#tests/support/integration';
import { world, type StoreWorld } from '#tests/support/world';
import { createApp } from '../app';

const BASELINE = {
  'cross-origin-embedder-policy': null,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': null,
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-powered-by': null,
  'x-xss-protection': '0',
};
const NAMES = ['content-security-policy', ...Object.keys(BASELINE)];

/** Where the page policy's nonce stands in the expected value (each answer has its own). */
const NONCE = '{nonce}';
const PROFILES = {
  /** Pages: markup whose one inline script runs by the answer's nonce. */
  page: {
    ...BASELINE,
    'content-security-policy':
      `default-src 'self'; script-src 'self' 'nonce-${NONCE}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; ` +
      "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'self'; object-src 'none'",
  },
  /** JSON, redirects and downloads of /api, /functions and /health: never markup. */
  api: { ...BASELINE, 'content-security-policy': "default-src 'none'; frame-ancestors 'none'; form-action 'none'; base-uri 'none'" },
  /** Uploaded files: loaded by other origins (webmails), sandboxed if opened. */
  media: { ...BASELINE, 'cross-origin-resource-policy': 'cross-origin', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" },
  /** Shopify's webhooks: machine to machine, answered before the browser-facing headers. */
  none: Object.fromEntries(NAMES.map((name) => [name, null])),
} as const;

/** The answer's security headers (null when absent), its page nonce replaced by NONCE, and that nonce. */
function securityHeaders(res: Response): { headers: Record<string, string | null>; nonce: string | null } {
  let nonce: string | null = null;
  const headers = Object.fromEntries(NAMES.map((name) => [name, res.headers.get(name)]));
  headers['content-security-policy'] =
    headers['content-security-policy']?.replace(/'nonce-([A-Za-z0-9+/]{22}==)'/, (_, value: string) => {
      nonce = value;
      return `'nonce-${NONCE}'`;
    }) ?? null;
  return { headers, nonce };
}

const it = integrationTest();

/** The app on a built web folder (the fixture's app serves none), then on a missing one and on a failing database. */
let app: ReturnType<typeof createApp>;
let unbuilt: ReturnType<typeof createApp>;
let failing: ReturnType<typeof createApp>;
let shop: StoreWorld<Browserish>;
let reviewToken: string;
let publicSiteLink: string;
const MEDIA_KEY = 'branding/0b5c9f1e-2d3a-4c1b-9e8f-123456789abc/logo-1718000000000-a1b2c3.png';
const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

it.beforeAll(async ({ ctx }) => {
  const webDist = mkdtempSync(join(tmpdir(), 'avis-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fr"><body><div id="root"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log("app")'));
  app = createApp(ctx, { webDist });
  unbuilt = createApp(ctx, { webDist: join(webDist, 'missing') });
  // A database that fails every query: the contract layer's 500.
  const down = new Proxy(ctx.db, {
    get: () => () => {
      throw new Error('database down');
    },
  });
  failing = createApp({ ...ctx, db: down }, { webDist });

  shop = await world(ctx).signedIn(app).store();
  // A reviews page of well over the compression threshold.
  await shop.reviews(
    Array.from({ length: 20 }, (_, i) => ({ rating: 1 + (i % 5), customerName: `Client ${i}`, comment: `Un avis assez long pour peser son poids, numéro ${i}.` })),
  );
  const request = await shop.request();
  reviewToken = request.token;
  const answered = await shop.request();
  const review = await shop.review({ request: answered, publicReviewUrl: 'https://g.page/r/maison/review' });
  publicSiteLink = `/review/${answered.token}/public-site/${review.id}`;
  await ctx.storage.put(MEDIA_KEY, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'image/png');
});

interface Row {
  kind: string;
  profile: keyof typeof PROFILES;
  status: number;
  send: () => Response | Promise<Response>;
  /** What makes the answer the kind the row names, beyond its status. */
  check?: (res: Response, nonce: string | null) => Promise<void> | void;
}

const get = (path: string, headers: Record<string, string> = {}) => app.request(`${ORIGIN}${path}`, { headers });
const isGzip = (res: Response) => expect(res.headers.get('content-encoding')).toBe('gzip');

const ROWS: Row[] = [
  // Pages and files of the web app.
  { kind: 'a page of the app', profile: 'page', status: 200, send: () => get('/app/schedule'), check: (res) => expect(res.headers.get('content-type')).toMatch(/text\/html/) },
  { kind: "the app's 404 page", profile: 'page', status: 404, send: () => get('/this/does/not/exist') },
  { kind: 'a page, compressed', profile: 'page', status: 200, send: () => get('/', GZIP), check: (res) => expect(res.headers.get('content-encoding')).toBe('br') },
  { kind: 'a page, HEAD', profile: 'page', status: 200, send: () => app.request(`${ORIGIN}/`, { method: 'HEAD' }) },
  {
    kind: 'a static asset',
    profile: 'page',
    status: 200,
    send: () => get('/assets/app-abc123.js'),
    check: (res) => expect(res.headers.get('cache-control')).toContain('immutable'),
  },
  { kind: 'a static asset, precompressed', profile: 'page', status: 200, send: () => get('/assets/app-abc123.js', GZIP), check: isGzip },
  { kind: 'the web app not built yet', profile: 'page', status: 503, send: () => unbuilt.request(`${ORIGIN}/`) },
  // The public review page, its pixel and its link onwards.
  {
    kind: 'the public review page',
    profile: 'page',
    status: 200,
    send: () => get(`/review/${reviewToken}`),
    // The page's inline script runs by this answer's nonce.
    check: async (res, nonce) => expect(await res.text()).toContain(`<script nonce="${nonce}">`),
  },
  { kind: 'the review page of an unknown link', profile: 'page', status: 404, send: () => get('/review/some-token-that-does-not-exist') },
  { kind: "the review e-mail's pixel", profile: 'page', status: 200, send: () => get(`/review/${reviewToken}/open.gif`) },
  { kind: 'a redirect to the public review site', profile: 'page', status: 302, send: () => get(publicSiteLink) },
  { kind: 'the storefront proxy refusing an unsigned request', profile: 'page', status: 401, send: () => get('/storefront-proxy/avis?page=1') },
  // The API: answers, redirects, downloads and errors.
  {
    kind: 'a small JSON answer (not compressed)',
    profile: 'api',
    status: 200,
    send: () => get('/api/plans', GZIP),
    check: (res) => expect(res.headers.get('content-encoding')).toBeNull(),
  },
  { kind: 'a small JSON answer, HEAD', profile: 'api', status: 200, send: () => app.request(`${ORIGIN}/api/plans`, { method: 'HEAD' }) },
  { kind: 'a large JSON answer, compressed', profile: 'api', status: 200, send: () => shop.browser.request('/api/reviews', { headers: GZIP }), check: isGzip },
  {
    kind: 'a streamed download, compressed',
    profile: 'api',
    status: 200,
    send: () => shop.browser.request('/api/reviews/export', { headers: GZIP }),
    check: (res) => {
      isGzip(res);
      expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    },
  },
  { kind: 'an answer of the auth library', profile: 'api', status: 200, send: () => get('/api/auth/get-session') },
  { kind: 'a redirect of a server function', profile: 'api', status: 302, send: () => get('/functions/v1/shopify-billing-callback') },
  { kind: 'the health check', profile: 'api', status: 200, send: () => get('/health') },
  { kind: 'a 400 of the contract layer', profile: 'api', status: 400, send: () => shop.browser.request('/api/dashboard?period=forever') },
  { kind: 'a 401 of the contract layer', profile: 'api', status: 401, send: () => get('/api/dashboard') },
  {
    kind: 'a 403 of the cross-site guard',
    profile: 'api',
    status: 403,
    send: () => app.request(`${ORIGIN}/api/settings`, { method: 'PUT', headers: { cookie: 'a=b', origin: 'https://evil.test', 'content-type': 'application/json' }, body: '{}' }),
  },
  { kind: 'a 404 of the API', profile: 'api', status: 404, send: () => get('/api/nothing-here') },
  { kind: 'a 404 of the server functions', profile: 'api', status: 404, send: () => app.request(`${ORIGIN}/functions/v1/does-not-exist`, { method: 'POST', body: '{}' }) },
  {
    kind: 'a 413 of the body limit',
    profile: 'api',
    status: 413,
    send: () => app.request(`${ORIGIN}/api/auth/forgot-password`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 10), headers: { 'content-type': 'application/json' } }),
  },
  { kind: 'a 500 of the contract layer', profile: 'api', status: 500, send: () => failing.request(`${ORIGIN}/api/legal`) },
  // Uploaded files.
  { kind: 'an uploaded file', profile: 'media', status: 200, send: () => get(`/media/${MEDIA_KEY}`) },
  { kind: 'an uploaded file that does not exist', profile: 'media', status: 404, send: () => get('/media/branding/nothing.png') },
  // Shopify's webhooks.
  { kind: 'a refused webhook', profile: 'none', status: 401, send: () => app.request(`${ORIGIN}/webhooks/shopify`, { method: 'POST', body: '{}' }) },
];

describe('security headers', () => {
  it.each(ROWS)('$kind: $profile headers', async ({ profile, status, send, check }) => {
    const res = await send();
    expect(res.status).toBe(status);
    const { headers, nonce } = securityHeaders(res);
    expect(headers).toEqual(PROFILES[profile]);
    await check?.(res, nonce);
  });

  it('gives each page its own nonce', async () => {
    const [a, b] = await Promise.all([get('/'), get('/')]);
    const [first, second] = [securityHeaders(a).nonce, securityHeaders(b).nonce];
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(first).not.toBe(second);
  });
});
