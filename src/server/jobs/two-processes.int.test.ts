import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '#db/client';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { testDbKind } from '#tests/support/test-db';
import { enqueueJob } from './queue';

function startWorkerProcess(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/claim-race-worker.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
  const done = new Promise<string[]>((resolve, reject) => {
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out) as string[]);
      else reject(new Error(`worker process exited with ${code}: ${err.slice(0, 2000)}`));
    });
  });
  return { go: () => child.stdin.end('go\n'), done };
}

describe.runIf(testDbKind === 'postgres')('two worker processes on PostgreSQL', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.destroy());

  it('never claim the same job', async () => {
    for (let i = 0; i < 400; i++) await enqueueJob(ctx.db, 'race', { i });
    const a = startWorkerProcess(ctx.testDb.url!);
    const b = startWorkerProcess(ctx.testDb.url!);
    await new Promise((r) => setTimeout(r, 1500)); // both processes connected and waiting
    a.go();
    b.go();
    const [ranA, ranB] = await Promise.all([a.done, b.done]);
    expect(ranA.length + ranB.length).toBe(400);
    expect(new Set([...ranA, ...ranB]).size).toBe(400);
    // Both really worked: the claim is shared, not serialised into one process.
    expect(ranA.length).toBeGreaterThan(0);
    expect(ranB.length).toBeGreaterThan(0);
  }, 60_000);
});

describe.runIf(testDbKind === 'pglite')('the embedded database', () => {
  it('refuses a second process on the same data directory, and takes over a stale lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avis-lock-'));
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    // Same process: simulate another live owner by writing our parent's pid into the lock.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'app.lock'), String(process.ppid));
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/already in use by process/);
    await first.close();
    // A lock left by a dead process is taken over.
    writeFileSync(join(dir, 'app.lock'), '999999');
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    await second.close();
  }, 30_000);
});
