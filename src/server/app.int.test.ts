import { copyFileSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, contextFor, PRODUCTION_OPERATOR_ENV, testConfig, type TestContext } from '#tests/support/test-context';
import { world } from '#tests/support/world';
import { createApp } from './app';
import { createWorker } from './jobs/worker';

let ctx: TestContext;
let webDist: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext();
  webDist = mkdtempSync(join(tmpdir(), 'avis-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html lang="fr"><body><div id="root"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  // Vite copies src/web/public to the root of dist/web as it is.
  for (const icon of ['favicon.ico', 'favicon.svg']) copyFileSync(join('src/web/public', icon), join(webDist, icon));
  app = createApp(ctx, { webDist });
});
afterAll(() => ctx.destroy());

describe('GET /health', () => {
  it('is degraded without a worker, ok with one, and down when migrations are behind', async () => {
    let res = await app.request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'degraded',
      database: { ok: true },
      migrations: { current: true },
      worker: { ok: false, heartbeatAgeSeconds: null },
    });

    const worker = createWorker(ctx, [], [], { pollIntervalMs: 50, concurrency: 1 });
    await worker.drain();
    res = await app.request('/health');
    const body = (await res.json()) as { status: string; worker: { heartbeatAgeSeconds: number; activeWorkers: number } };
    expect(body.status).toBe('ok');
    expect(body.worker.heartbeatAgeSeconds).toBeLessThan(5);
    expect(body.worker.activeWorkers).toBe(1);

    await ctx.db.execute(sql`UPDATE drizzle.__drizzle_migrations SET created_at = 0`);
    res = await app.request('/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'down', migrations: { current: false } });
  });
});

describe('HTTP app', () => {
  let fresh: TestContext;
  let api: ReturnType<typeof createApp>;
  beforeAll(async () => {
    fresh = await createTestContext();
    api = createApp(fresh, { webDist });
  });
  afterAll(() => fresh.destroy());

  it('serves the plans from the database', async () => {
    const res = await api.request('/api/plans');
    expect(res.status).toBe(200);
    const { plans } = (await res.json()) as { plans: { name: string; price_amount: string; email_quota: number | null }[] };
    expect(plans.map((p) => [p.name, p.price_amount, p.email_quota])).toEqual([
      ['Starter', '47.00', 300],
      ['Pro', '77.00', 3000],
      ['Entreprise', '107.00', null],
    ]);
  });

  it('compresses JSON answers of 1 KB or more for a browser that accepts it, and only then', async () => {
    const shop = await world(fresh).signedIn(api).store();
    await shop.reviews(Array.from({ length: 20 }, (_, i) => ({ customerName: `Client ${i}`, comment: `Un avis assez long pour peser son poids, numéro ${i}.` })));
    const gzipped = await shop.browser.request('/api/reviews', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    const text = gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8');
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(JSON.parse(text).items).toHaveLength(20);
    const plain = await shop.browser.request('/api/reviews');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { items: unknown[] }).items).toHaveLength(20);
    // A small answer (the plans, an error) goes as it is, with its length.
    const small = await api.request('/api/plans', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    const plans = await small.text();
    expect(Buffer.byteLength(plans)).toBeLessThan(1024);
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(plans)));
    expect(JSON.parse(plans).plans).toHaveLength(3);
  });

  it('answers unknown API paths and functions with a JSON 404 in French', async () => {
    const res = await api.request('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Ressource introuvable.', code: 'not_found' });
    const fn = await api.request('/functions/v1/does-not-exist', { method: 'POST', body: '{}' });
    expect(fn.status).toBe(404);
    expect(await fn.json()).toEqual({ error: 'Fonction inconnue.', code: 'unknown_function' });
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await api.request('/functions/v1/anything', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 10), headers: { 'content-length': String(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'La requête est trop volumineuse.', code: 'payload_too_large' });
  });

  it('serves the app for deep links, a 404 status for unknown paths, and cached assets', async () => {
    const deep = await api.request('/app/schedule');
    expect(deep.status).toBe(200);
    expect(deep.headers.get('content-type')).toMatch(/text\/html/);
    expect(await deep.text()).toContain('<div id="root">');
    expect((await api.request('/unsubscribe/some-token')).status).toBe(200);
    // The review page is rendered by the server, not the app: an unknown token is its own 404 page.
    expect((await api.request('/review/some-token-that-does-not-exist')).status).toBe(404);

    const unknown = await api.request('/this/does/not/exist');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('<div id="root">');

    const asset = await api.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    expect((await api.request('/assets/missing.js')).status).toBe(404);
    expect((await api.request('/../../etc/passwd.txt')).status).toBe(404);
    expect((await api.request('/%2e%2e/%2e%2e/etc/hostname.txt')).status).toBe(404);
  });

  it('serves the icons browsers ask for by themselves (/favicon.ico) and the SVG one index.html links', async () => {
    const ico = await api.request('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toBe('image/x-icon');
    const bytes = Buffer.from(await ico.arrayBuffer());
    // An ICONDIR header (reserved 0, type 1 = icon, at least one image) and the committed file as it is.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    expect(bytes.equals(readFileSync('src/web/public/favicon.ico'))).toBe(true);
    const svg = await api.request('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toMatch(/^<svg /);
  });

  it('sends security headers', async () => {
    const res = await api.request('/');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('says plainly when the web app is not built', async () => {
    const bare = createApp(fresh, { webDist: join(tmpdir(), 'definitely-missing-dist') });
    const res = await bare.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});

describe('the local outbox', () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(() => fresh.destroy());

  it('keeps sent e-mails and shows them outside production', async () => {
    const app = createApp(fresh, { webDist });
    const sent = await fresh.mailer.send({
      to: 'client@exemple.test',
      subject: 'Votre avis compte pour nous ! 🌟',
      html: '<p>Bonjour</p>',
      text: 'Bonjour',
      headers: { 'List-Unsubscribe': '<https://x/u>' },
      messageId: 'req-1@test.local',
    });
    expect(sent.messageId).toBe('req-1@test.local');
    const list = (await (await app.request('/api/dev/outbox')).json()) as { emails: { id: string; to: string; subject: string }[] };
    expect(list.emails).toHaveLength(1);
    expect(list.emails[0]).toMatchObject({ to: 'client@exemple.test', subject: 'Votre avis compte pour nous ! 🌟' });
    const detail = (await (await app.request(`/api/dev/outbox/${list.emails[0]!.id}`)).json()) as { email: Record<string, unknown> };
    expect(detail.email).toMatchObject({ html: '<p>Bonjour</p>', text: 'Bonjour', message_id: 'req-1@test.local', headers: { 'List-Unsubscribe': '<https://x/u>' } });
    expect((await app.request('/api/dev/outbox/not-a-uuid')).status).toBe(404);
    expect(await (await app.request('/api/dev/outbox/00000000-0000-0000-0000-000000000000')).json()).toEqual({ error: 'E-mail introuvable', code: expect.any(String) });
  });

  it('is not mounted in production', async () => {
    const production = testConfig({
      NODE_ENV: 'production',
      APP_URL: 'https://avis.example',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      MAIL_TRANSPORT: 'outbox',
      SHOPIFY_API_KEY: 'real-client-id',
      SHOPIFY_API_SECRET: 'real-client-secret',
      ...PRODUCTION_OPERATOR_ENV,
    });
    const app = createApp(contextFor(fresh.testDb.handle, production), { webDist });
    expect((await app.request('/api/dev/outbox')).status).toBe(404);
  });
});
