/**
 * Footprint of the product as `npm start` runs it: the compiled server (`node dist/server/main.js`,
 * web and worker in one process) started on a fresh database, stopped, then started again (warm):
 * time to a healthy /health, resident memory at idle, again once it has drawn the merchant screens
 * (decision 039), and its peak under 50 connections on GET /api/plans, with the request rate. Memory is the server process's own VmRSS (npm's process,
 * when started through npm, adds its own, which a host running `node` directly does not pay).
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { demoSessionCookie } from '#tests/e2e/support/flows';
import { LIGHTHOUSE_SCREENS } from './merchant-screens';

const rssMb = (pid: number) => {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(url: string, deadlineMs: number) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return true;
    await sleep(50);
  }
  return false;
}

/**
 * How `npm start` runs the server: the variables package.json's start script sets before `node`
 * (`KEY=value`) and the flags it gives `node`, the allocator's and V8's settings of decision 035, so
 * the bench measures the same process.
 */
export function startScriptCommand(): { env: Record<string, string>; nodeFlags: string[] } {
  const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const command = /&&\s*((?:\w+=\S+\s+)*)node((?:\s+--\S+)*)\s+dist\/server\/main\.js/.exec(script);
  if (!command) throw new Error(`package.json's start script no longer runs dist/server/main.js as the bench expects: ${script}`);
  const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
  return {
    env: Object.fromEntries(words(command[1]!).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)])),
    nodeFlags: words(command[2]!),
  };
}

function start(env: Record<string, string>): ChildProcess {
  // The engine is the one asked for: the bench's own DATABASE_URL must not leak into a PGlite run.
  const { DATABASE_URL: _inherited, ...base } = process.env;
  const command = startScriptCommand();
  return spawn(process.execPath, [...command.nodeFlags, 'dist/server/main.js', '--role=all'], {
    env: { ...base, ...command.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function benchFootprint(label: string, database: { DATABASE_URL?: string }, seconds: number) {
  execSync('node scripts/build-if-stale.mjs', { stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'avis-footprint-'));
  const port = String(41000 + Math.floor(Math.random() * 2000));
  const url = `http://127.0.0.1:${port}`;
  const env = { PORT: port, APP_URL: url, DATA_DIR: dataDir, ...(database.DATABASE_URL ? { DATABASE_URL: database.DATABASE_URL } : {}) };
  try {
    // First start: creates the database, migrates, seeds the demo. Then the warm start measured.
    const first = start(env);
    if (!(await healthy(url, 120_000))) throw new Error('the server did not become healthy');
    const firstRss = rssMb(first.pid!);
    await stop(first);

    const began = performance.now();
    const server = start(env);
    if (!(await healthy(url, 60_000))) throw new Error('the server did not become healthy');
    const startSeconds = (performance.now() - began) / 1000;
    await sleep(5_000);
    const idle = rssMb(server.pid!);
    // The web server loads the renderer of the /app screens at the first page it draws (decision 039).
    const cookie = await demoSessionCookie(url);
    for (let round = 0; round < 3; round++) {
      for (const path of LIGHTHOUSE_SCREENS) {
        const page = await fetch(`${url}${path}`, { headers: { cookie } });
        if (!(await page.text()).includes('<div id="root" inert>')) throw new Error(`${path} was not drawn by the server`);
      }
    }
    await sleep(5_000);
    const idleAfterPages = rssMb(server.pid!);
    let peak = idleAfterPages;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 200);
    const result = await autocannon({ url: `${url}/api/plans`, connections: 50, duration: seconds });
    clearInterval(sampler);
    await stop(server);
    console.log(`[${label}] footprint warm start   ${startSeconds.toFixed(1)} s to a healthy /health (aim < 5 s)`);
    const idleAim = database.DATABASE_URL ? 160 : 250;
    console.log(
      `[${label}] footprint memory       idle ${idle} MB, ${idleAfterPages} MB once it has drawn the merchant screens (aim < ${idleAim} MB, issue 30; first start ${firstRss} MB)`,
    );
    console.log(
      `[${label}] footprint memory       peak ${peak} MB under GET /api/plans at ${result.requests.average.toFixed(0)} req/s (peak/idle ${(peak / idleAfterPages).toFixed(2)}, aim ≤ 1.5)`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
