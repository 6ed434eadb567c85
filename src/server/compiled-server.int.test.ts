/**
 * What `npm start` runs: the server compiled by scripts/build-server.mjs, started with plain node.
 * It must find what it reads beside itself (migrations, the common-password list), migrate a fresh
 * database, answer, and stop on SIGTERM; and PGlite must run with the small-host memory settings.
 * The local Shopify emulator is not in main.js: a chunk loaded only when the emulator is mounted
 * (decision 031), as here, where it runs in development with the demo.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '#db/client';
import { DEMO_ACCOUNT } from '#server/demo/seed-demo';
import { THEME_EXTENSION } from '#core/storefront';
import { createTestDatabase, testDbKind } from '#tests/support/test-db';
import { freePort } from '#tests/support/free-port';
import { getOnThisMachine } from '#tests/support/local-host';

const out = `.tmp/compiled-server-${testDbKind}`;
const dataDir = mkdtempSync(join(tmpdir(), 'avis-compiled-'));
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build-server.mjs', out], { stdio: 'pipe' });
  }, 60_000);

  it('carries the emulator in a chunk of its own, not in the server', () => {
    // esbuild heads each module's code with its path: none of the emulator's is in the server's bundle.
    const main = readFileSync(`${out}/serve.js`, 'utf8');
    expect(main).not.toMatch(/^\/\/ emulator\//m);
    const chunks = readdirSync(`${out}/chunks`).filter((file) => file.endsWith('.js'));
    expect(chunks.filter((file) => readFileSync(`${out}/chunks/${file}`, 'utf8').includes('\n// emulator/shopify/index.ts\n'))).toHaveLength(1);
    // Modules that find files beside themselves (import.meta.url) stay in serve.js: from chunks/, one
    // folder down, their relative paths would miss.
    for (const module of ['src/db/migrate.ts', 'src/server/auth/common-passwords.ts', 'src/server/email-templates/sandbox.ts', 'src/server/app.ts']) {
      expect(main).toContain(`\n// ${module}\n`);
    }
  });

  it('refuses a Node.js older than 24 with one line, before loading the server', () => {
    // The entry imports nothing but the check: on an old runtime no dependency is loaded at all.
    const entry = readFileSync(`${out}/main.js`, 'utf8');
    expect(entry).toMatch(/^\/\/ src\/server\/runtime\.ts$/m);
    expect(entry).not.toMatch(/^import (?!"\.\/chunks\/)/m);
    expect(entry).not.toMatch(/^\/\/ (?!src\/server\/(runtime|main)\.ts)/m);
    // Node's own flag makes this runtime report an old version to the compiled entry.
    const old = spawnSync(process.execPath, ['--import', 'data:text/javascript,Object.defineProperty(process,"version",{value:"v20.20.2"})', `${out}/main.js`], {
      encoding: 'utf8',
    });
    expect(old.status).toBe(1);
    expect(old.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Avis Clients needs Node\.js 24\.11 or later \(this is v20\.20\.2\)/)]);
  });

  it('starts with plain node on a fresh database, migrates, answers and stops cleanly', async () => {
    const db = testDbKind === 'postgres' ? await createTestDatabase() : null;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _inherited, ...base } = process.env;
    const child = spawn(process.execPath, [`${out}/main.js`, '--role=all'], {
      env: { ...base, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: String(port), APP_URL: url, DATA_DIR: dataDir, ...(db ? { DATABASE_URL: db.url! } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (d) => (errors += d));
    // Listened for at once: a server that dies before it is healthy must fail the test, not hang it.
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let health: { status?: string; migrations?: { current: boolean } } = {};
      for (let i = 0; i < 240 && health.status !== 'ok' && child.exitCode === null; i++) {
        health = await fetch(`${url}/health`).then(
          (r) => r.json() as Promise<typeof health>,
          () => ({}),
        );
        if (health.status !== 'ok') await new Promise((r) => setTimeout(r, 250));
      }
      expect(health, errors).toMatchObject({ status: 'ok', migrations: { current: true } });
      // The common-password list travelled with the bundle.
      const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ name: 'Léa', email: `compile-${Date.now()}@exemple.test`, password: 'password123' }),
      });
      expect(signUp.status).toBe(400);
      expect(((await signUp.json()) as { error: string }).error).toContain('plus courants');
      expect((await fetch(`${url}/api/plans`)).status).toBe(200);
      // The emulator's chunk loaded (development mounts it) and the demo store was installed on it.
      const demoShop = await fetch(`${url}/_shopify/control/shops/${DEMO_ACCOUNT.shopDomain}`);
      expect(demoShop.status).toBe(200);
      const { shop } = (await demoShop.json()) as { shop: { installed: boolean; storefrontUrl: string } };
      expect(shop.installed).toBe(true);
      // The storefront is the root of the shop's own origin (decision 043): asked with its host.
      const stylesheet = await getOnThisMachine(`${shop.storefrontUrl}extensions/${THEME_EXTENSION.handle}/assets/avis-clients.css`);
      expect(stylesheet.status).toBe(200);
      // The moderation screen's preview finds the theme extension from main.js too (src/server/project-root.ts).
      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password }),
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; ');
      const preview = await fetch(`${url}/api/storefront/preview`, { headers: { cookie } });
      expect(preview.status, errors).toBe(200);
      expect(await preview.text()).toContain('Avis clients');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await db?.destroy();
    }
  }, 120_000);

  it.skipIf(testDbKind !== 'pglite')('runs PGlite with small-host memory settings', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: mkdtempSync(join(tmpdir(), 'avis-pglite-memory-')), memory: { sharedBuffersMb: 24, workMemMb: 3 } });
    try {
      const rows = await queryRows<{ shared: string; work: string; maintenance: string }>(
        handle.db,
        sql`SELECT current_setting('shared_buffers') AS shared, current_setting('work_mem') AS work, current_setting('maintenance_work_mem') AS maintenance`,
      );
      expect(rows[0]).toEqual({ shared: '24MB', work: '3MB', maintenance: '16MB' });
    } finally {
      await handle.close();
    }
  });
});
