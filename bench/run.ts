/**
 * npm run bench: figures and ratios, never pass/fail. Each case runs on PGlite (on disk, in a fresh data
 * directory, as the product runs it) and, when DATABASE_URL is set, on PostgreSQL (in a fresh database
 * created for the run), each engine in a process of its own (BENCH_PART, set by this script).
 *   - http: GET /api/plans through the full app vs a bare Hono endpoint, same run, same load (a
 *     browser's Accept-Encoding); aim ≥ 0.5 of bare Hono (decision 040);
 *   - jobs: enqueue N jobs, drain them with the product's worker: jobs/s;
 *   - webhooks: signed orders/paid deliveries of 5–10 KB, each with its own webhook id, at 50
 *     connections, vs a bare Hono endpoint that reads the same body.
 *   - sending: 20,000 due review requests across 100 stores with mixed quotas, sent through SMTP to
 *     an in-process smtp-server, vs raw nodemailer to the same server (bench/sending.ts).
 * BENCH_SECONDS (default 10) sets the duration of the plain HTTP case, WEBHOOK_BENCH_SECONDS
 * (default 30) the webhook case, SEND_BENCH_REQUESTS (default 20000) the sending case;
 *   - review page: Lighthouse (mobile) performance and accessibility of /review/{token} with Debian's
 *     Chromium (CHROME_PATH, default /usr/bin/chromium) (bench/review-page.ts).
 *   - footprint: the compiled server as `npm start` runs it, warm start time to a healthy /health,
 *     resident memory at idle and its peak under load on GET /api/plans (bench/footprint.ts).
 *   - insight: the merchant's dashboard, reviews search and deep pages on a store of 1,000,000 reviews
 *     and 3,000,000 requests among 100 stores, generated in SQL (bench/insight.ts), p50/p95 to aims.
 *   - templates: /health's p99, probed from another process, while six merchants load and save
 *     hostile templates (bench/template-sandbox.ts, decision 019); aim p99 < 50 ms.
 *   - screens: the gzip JavaScript each merchant screen (/app/dashboard, /app/feedback, /app/schedule)
 *     loads before it is usable, read from the web build's manifest (tests/support/first-load-js.ts); aim ≤ 175 KB,
 *     with the landing page's chart and the template editor out of their first load.
 *   - lighthouse: Lighthouse (desktop and mobile) on those three screens of the demo store, signed in as the
 *     demo merchant (bench/merchant-screens.ts); aims accessibility 100, mobile performance ≥ 95, LCP < 1.5 s and
 *     TBT < 200 ms, desktop performance 100.
 *     LIGHTHOUSE_RUNS (default 3) runs per screen and preset.
 *   - storefront: Lighthouse (desktop and mobile) on the local Shopify's storefront page with the « Avis clients »
 *     block and badge added through the theme editor's links (bench/storefront.ts); aims CLS 0, accessibility 100,
 *     performance ≥ 95.
 *   - admin-vitals: the Web Vitals Shopify reads for Built for Shopify, measured inside the app's iframe of the local
 *     Shopify's admin on a throttled phone, on those three screens of the demo shop (bench/admin-vitals.ts); aims
 *     LCP ≤ 2.5 s, CLS ≤ 0.1, INP ≤ 200 ms. ADMIN_VITALS_RUNS (default 3) runs per screen.
 *   - photos: the review photo pipeline on 12- and 48-megapixel phone photos, one and two at once, with the
 *     process's peak memory (bench/photos.ts, decision 058). PHOTO_RUNS (default 5) runs per size.
 * BENCH_ONLY=http, webhooks, sending, review-page, footprint, insight, templates, screens, lighthouse, storefront,
 * admin-vitals or photos runs only that case.
 */
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { Hono } from 'hono';
import pg from 'pg';
import { DEFAULT_PGLITE_MEMORY, openDatabase, queryRows, type DatabaseHandle } from '#db/client';
import { migrateDatabase } from '#db/migrate';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openContext } from '#server/bootstrap';
import { enqueueJob } from '#server/jobs/queue';
import { randomUUID } from 'node:crypto';
import { execSync, spawn } from 'node:child_process';
import * as schema from '#db/schema';
import { z } from 'zod';
import { defineJob } from '#server/jobs/define';
import { createWorker } from '#server/jobs/worker';
import { benchSending } from './sending';
import { benchReviewPage } from './review-page';
import { benchFootprint } from './footprint';
import { benchInsight } from './insight';
import { benchTemplateSandbox } from './template-sandbox';
import { benchTemplateNeighbours } from './template-neighbours';
import { benchMerchantScreens } from './merchant-screens';
import { benchStorefront } from './storefront';
import { benchPhotos } from './photos';
import { benchAdminVitals } from './admin-vitals';
import { FIRST_LOAD_AIM_BYTES, firstLoad, MERCHANT_SCREENS } from '#tests/support/first-load-js';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const webhookSeconds = Number(process.env.WEBHOOK_BENCH_SECONDS ?? 30);
const sendRequests = Number(process.env.SEND_BENCH_REQUESTS ?? 20_000);
const only = process.env.BENCH_ONLY; // e.g. BENCH_ONLY=sending

/** Runs bench/webhook-load.ts in its own process (the load must not share the server's thread). */
function loadWebhooks(url: string, shop: string, secret: string) {
  return new Promise<{ rps: number; total: number; p50: number; p99: number; errors: number; minBytes: number; maxBytes: number }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/webhook-load.ts', url, shop, secret, String(webhookSeconds), String(connections)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited ${code}`))));
  });
}
const connections = 50;

/** What a browser's request says it accepts: the app decides per answer whether to compress (bare Hono never does). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function listen(fetch: (req: Request) => Response | Promise<Response>) {
  return new Promise<{ url: string; close(): Promise<void> }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => new Promise((r) => server.close(() => r())) }),
    );
  });
}

/** CPU milliseconds used so far by the PostgreSQL backends serving this database (0 on PGlite): /proc, as `ps` reads it. */
async function databaseCpuMs(ctx: Awaited<ReturnType<typeof openContext>>): Promise<number> {
  if (ctx.dbHandle.kind !== 'postgres') return 0;
  const pids = await queryRows<{ pid: number }>(ctx.db, sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() OR backend_type = 'walwriter'`);
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      // Fields 14 and 15 (utime, stime), counted after the command name's closing parenthesis.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // A backend that ended, or another machine's PostgreSQL: not counted.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

async function benchWebhooks(label: string, ctx: Awaited<ReturnType<typeof openContext>>) {
  // Webhook ingestion: an active store for the shop, then signed deliveries.
  const shop = `bench-${label}.myshopify.com`;
  const userId = randomUUID();
  await ctx.db.insert(schema.user).values({ id: userId, name: 'Bench', email: `${userId}@bench.test` });
  await ctx.db.insert(schema.shopifyStores).values({ userId, shopDomain: shop, subscriptionStatus: 'active' });
  const bareWebhook = new Hono().post('/webhooks/shopify', async (c) => {
    await c.req.arrayBuffer();
    return c.json({ ok: true });
  });
  const bareHookServer = await listen(bareWebhook.fetch);
  const hookServer = await listen(createApp(ctx).fetch);
  // CPU time per request of the server (this process: for PGlite the database too) and, on
  // PostgreSQL, of the database's backends: steadier than rates on a shared machine.
  const cpuPerRequest = async <T extends { total: number }>(run: () => Promise<T>) => {
    const [cpu, database] = [process.cpuUsage(), await databaseCpuMs(ctx)];
    const result = await run();
    const used = process.cpuUsage(cpu);
    const serverUs = (used.user + used.system) / Math.max(1, result.total);
    const databaseUs = (((await databaseCpuMs(ctx)) - database) * 1000) / Math.max(1, result.total);
    return { ...result, serverUs, databaseUs };
  };
  const hookBaseline = await cpuPerRequest(() => loadWebhooks(`${bareHookServer.url}/webhooks/shopify`, shop, ctx.config.shopify.apiSecret));
  const hooks = await cpuPerRequest(() => loadWebhooks(`${hookServer.url}/webhooks/shopify`, shop, ctx.config.shopify.apiSecret));
  await Promise.all([bareHookServer.close(), hookServer.close()]);
  console.log(
    `[${label}] webhooks bare Hono    ${hookBaseline.rps.toFixed(0)} req/s  p50 ${hookBaseline.p50} ms  p99 ${hookBaseline.p99} ms  (${hooks.minBytes}–${hooks.maxBytes} B bodies)`,
  );
  console.log(
    `[${label}] webhooks orders/paid  ${hooks.rps.toFixed(0)} deliveries/s  p50 ${hooks.p50} ms  p99 ${hooks.p99} ms (aim < 50 ms)  errors ${hooks.errors}  ` +
      `ratio to bare ${(hooks.rps / hookBaseline.rps).toFixed(2)} (aim ≥ ${label === 'postgres' ? '0.25' : '0.15'})`,
  );
  console.log(
    `[${label}] webhooks CPU per request: bare Hono ${hookBaseline.serverUs.toFixed(0)} µs, orders/paid ${hooks.serverUs.toFixed(0)} µs in the server` +
      (ctx.dbHandle.kind === 'postgres' ? ` + ${hooks.databaseUs.toFixed(0)} µs in PostgreSQL` : ' (PGlite included)') +
      `: cost ratio ${(hookBaseline.serverUs / (hooks.serverUs + hooks.databaseUs)).toFixed(2)} (what the rate ratio tends to when CPU is the limit)`,
  );
}

async function benchDatabase(label: string, handle: DatabaseHandle) {
  await migrateDatabase(handle);
  const ctx = await openContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', API_RESPONSE_CHECK: process.env.API_RESPONSE_CHECK ?? 'false' }), handle);
  if (only === 'sending') return benchSending(label, ctx, sendRequests);
  if (only === 'review-page') return benchReviewPage(label, ctx);
  if (only === 'webhooks') return benchWebhooks(label, ctx);
  if (only === 'templates') return benchTemplateSandbox(label, ctx);
  if (only === 'neighbours') return benchTemplateNeighbours(label, ctx);

  const bare = new Hono().get('/plans', (c) => c.json({ plans: [] }));
  const bareServer = await listen(bare.fetch);
  const appServer = await listen(createApp(ctx).fetch);
  const baseline = await load(`${bareServer.url}/plans`);
  const plans = await load(`${appServer.url}/api/plans`);
  await Promise.all([bareServer.close(), appServer.close()]);
  console.log(`[${label}] http bare Hono        ${baseline.rps.toFixed(0)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms`);
  console.log(
    `[${label}] http GET /api/plans   ${plans.rps.toFixed(0)} req/s  p50 ${plans.p50} ms  p99 ${plans.p99} ms  errors ${plans.errors}  ratio to bare ${(plans.rps / baseline.rps).toFixed(2)}  (aim ≥ 0.5)`,
  );
  if (only === 'http') return;

  await benchWebhooks(label, ctx);

  const n = 3000;
  let t = performance.now();
  for (let i = 0; i < n; i++) await enqueueJob(ctx.db, 'bench', { i });
  const enqueueRate = n / ((performance.now() - t) / 1000);
  const worker = createWorker(ctx, [defineJob({ name: 'bench', payload: z.object({ i: z.number() }), run: async () => {} })], [], { pollIntervalMs: 10, concurrency: 8 });
  t = performance.now();
  const ran = await worker.drain();
  const drainRate = ran / ((performance.now() - t) / 1000);
  console.log(`[${label}] jobs enqueue          ${enqueueRate.toFixed(0)} jobs/s (one by one)`);
  console.log(`[${label}] jobs claim+run        ${drainRate.toFixed(0)} jobs/s (${ran} jobs, concurrency 8)`);

  await benchSending(label, ctx, sendRequests);
  await benchTemplateSandbox(label, ctx);
  await benchTemplateNeighbours(label, ctx);
  await benchReviewPage(label, ctx);
}

/** A fresh PGlite data directory for `use`, removed afterwards (the PostgreSQL runs get a fresh database). */
async function withDataDir(prefix: string, use: (dataDir: string) => Promise<void>) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  try {
    await use(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh PostgreSQL database on DATABASE_URL's server for `use`, dropped afterwards. */
async function withDatabase(use: (url: string) => Promise<void>) {
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `avis_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** The cases that open a database in this process, one engine at a time. */
const PARTS = {
  // On disk with the product's memory settings: what `npm start` runs. (An in-memory PGlite grows its
  // files by copying them, a cost the product never pays, which slowed the webhook case: decision 036.)
  pglite: () =>
    withDataDir('avis-bench-', async (dataDir) => {
      const handle = await openDatabase({ kind: 'pglite', dataDir, memory: DEFAULT_PGLITE_MEMORY });
      try {
        await benchDatabase('pglite', handle);
      } finally {
        await handle.close();
      }
    }),
  // On disk, as the product runs it: an in-memory PGlite would hold gigabytes in the JS heap. The data
  // is generated with room to work (256 MB of shared buffers), then measured with the product's
  // small-host settings (decision 011), which is what a merchant's `npm start` reads with.
  'pglite-insight': () =>
    withDataDir('avis-insight-', (dataDir) =>
      benchInsight('pglite', (phase) => openDatabase({ kind: 'pglite', dataDir, memory: phase === 'generate' ? { sharedBuffersMb: 256, workMemMb: 64 } : DEFAULT_PGLITE_MEMORY })),
    ),
  postgres: () =>
    withDatabase(async (url) => {
      const handle = await openDatabase({ kind: 'postgres', url, poolMax: 20 });
      try {
        await benchDatabase('postgres', handle);
      } finally {
        await handle.close();
      }
    }),
  'postgres-insight': () => withDatabase((url) => benchInsight('postgres', () => openDatabase({ kind: 'postgres', url, poolMax: 10 }))),
};
type Part = keyof typeof PARTS;

/**
 * Runs one of PARTS in a process of its own (this script, told which by BENCH_PART), as the product
 * runs one engine per process. In one process, what an earlier case leaves behind (a closed PGlite's
 * WebAssembly memory and heap, still referenced by its module) made the later ones pay for it: the
 * PostgreSQL webhook case's server CPU per delivery read higher after the PGlite case than alone
 * (decision 036; bench/results/decision-036-webhook-intake.md).
 */
function inItsOwnProcess(part: Part) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts'], { stdio: 'inherit', env: { ...process.env, BENCH_PART: part } });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bench part ${part} exited ${code}`))));
  });
}

const part = process.env.BENCH_PART as Part | undefined;
if (part) {
  await PARTS[part]();
} else {
  console.log(`Benchmarks: ${seconds} s per HTTP case, ${connections} connections, loopback.`);
  const runs = (name: string) => !only || only === name;
  const shared = !only || !['footprint', 'insight', 'screens', 'lighthouse', 'storefront', 'admin-vitals', 'photos'].includes(only);
  if (runs('screens') || runs('lighthouse') || runs('storefront') || runs('admin-vitals')) execSync('node scripts/build-if-stale.mjs web', { stdio: 'inherit' });
  if (runs('screens')) {
    for (const [path, { modules }] of Object.entries(MERCHANT_SCREENS)) {
      const { gzipBytes, keptOutInside: inside } = firstLoad('dist/web', modules);
      console.log(
        `[web] ${path.padEnd(15)} first-load JavaScript ${(gzipBytes / 1024).toFixed(1)} KB gzip (aim ≤ ${FIRST_LOAD_AIM_BYTES / 1024} KB)` +
          `, ${inside.length ? `loads ${inside.join(' and ')} (aim: neither)` : 'without the landing chart or the template editor (aim: neither)'}`,
      );
    }
  }
  if (runs('lighthouse')) await benchMerchantScreens();
  if (runs('storefront')) await benchStorefront();
  if (runs('admin-vitals')) await benchAdminVitals();
  if (runs('photos')) await benchPhotos();

  if (shared) await inItsOwnProcess('pglite');
  if (runs('footprint')) await benchFootprint('pglite', {}, seconds);
  if (runs('insight')) await inItsOwnProcess('pglite-insight');
  if (process.env.DATABASE_URL) {
    if (shared) await inItsOwnProcess('postgres');
    if (runs('footprint')) await withDatabase((url) => benchFootprint('postgres', { DATABASE_URL: url }, seconds));
    if (runs('insight')) await inItsOwnProcess('postgres-insight');
  } else {
    console.log('(set DATABASE_URL to also measure PostgreSQL)');
  }
}
