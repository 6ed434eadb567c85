/**
 * A separate OS process for the crash test: runs the product's sender against DATABASE_URL (or the
 * embedded database in DATA_DIR) and, when CRASH_AT is set, kills itself with SIGKILL at that point
 * of the CRASH_ON-th e-mail: 'reserved' (ledger written, transport not called), 'transmitting'
 * (ledger handed over, transport not called) or 'accepted' (transport accepted, ledger not completed).
 * Prints the run's result as JSON when it survives.
 */
import { openDatabase } from '#db/client';
import { openContext } from '#server/bootstrap';
import { loadConfig } from '#server/config';
import { runDueSends, type SendHooks } from '#server/requests/sender';

// No vitest imports here: this runs outside the test runner.
const env: Record<string, string> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEND_LEASE_SECONDS: process.env.SEND_LEASE_SECONDS ?? '1',
  SEND_CONCURRENCY: process.env.SEND_CONCURRENCY ?? '1',
  // Over SMTP when the test gives a server (the outbox otherwise).
  ...(process.env.SMTP_URL ? { SMTP_URL: process.env.SMTP_URL, SMTP_POOL_SIZE: process.env.SMTP_POOL_SIZE ?? '1' } : {}),
};
const config = loadConfig(process.env.DATABASE_URL ? { ...env, DATABASE_URL: process.env.DATABASE_URL } : { ...env, DATA_DIR: process.env.DATA_DIR! }, 'worker');
const handle = await openDatabase(
  config.database.kind === 'postgres' ? { kind: 'postgres', url: config.database.url, poolMax: 4 } : { kind: 'pglite', dataDir: config.database.dataDir },
);
const ctx = await openContext(config, handle, { inMemoryEmulator: true });

const crashAt = process.env.CRASH_AT as 'reserved' | 'transmitting' | 'accepted' | undefined;
const crashOn = Number(process.env.CRASH_ON ?? '1');
let seen = 0;
const die = () => process.kill(process.pid, 'SIGKILL');
const hooks: SendHooks = {
  afterReserve: () => {
    if (crashAt === 'reserved') die();
  },
  beforeTransport: () => {
    if (crashAt === 'transmitting' && ++seen === crashOn) die();
  },
  afterTransport: () => {
    if (crashAt === 'accepted' && ++seen === crashOn) die();
  },
};
const result = await runDueSends(ctx, { workerId: `crash-test:${process.pid}`, hooks });
await ctx.mailer.close();
await ctx.emulator?.close();
await handle.close();
process.stdout.write(JSON.stringify(result));
