/** Support for the crash tests: a database the child worker processes share, and one such process. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { migrateDatabase } from '#db/migrate';
import { createTestDatabase, testDbKind } from './test-db';

export type CrashTarget = { env: Record<string, string>; open(): Promise<DatabaseHandle>; cleanup(): Promise<void> };

/** PostgreSQL: a fresh database shared with the child processes. PGlite: a data directory, one process at a time. */
export async function crashTarget(): Promise<CrashTarget> {
  if (testDbKind === 'postgres') {
    const db = await createTestDatabase();
    return { env: { DATABASE_URL: db.url! }, open: async () => db.handle, cleanup: () => db.destroy() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'avis-crash-'));
  const first = await openDatabase({ kind: 'pglite', dataDir: dir });
  await migrateDatabase(first);
  await first.close();
  return { env: { DATA_DIR: dir }, open: () => openDatabase({ kind: 'pglite', dataDir: dir }), cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

export interface WorkerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/**
 * Runs tests/support/send-crash-worker.ts in its own process; `killAfterMs` sends it SIGKILL then,
 * and `started` receives a function that kills it at once (for kills timed by outside events).
 */
export function runCrashWorker(env: Record<string, string>, killAfterMs?: number, started?: (kill: () => void) => void): Promise<WorkerExit> {
  const { DATABASE_URL: _ignored, ...base } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/send-crash-worker.ts'], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs ?? 60_000);
  started?.(() => child.kill('SIGKILL'));
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err });
    }),
  );
}
