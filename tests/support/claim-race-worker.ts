/**
 * A separate OS process for the two-process claim test: starts a real worker (the product's loop)
 * against DATABASE_URL with a handler that records each job it runs, prints the ids, and exits.
 */
import { openDatabase } from '#db/client';
import { z } from 'zod';
import { defineJob } from '#server/jobs/define';
import { createWorker } from '#server/jobs/worker';
import { openContext } from '#server/bootstrap';
import { loadConfig } from '#server/config';

const url = process.env.DATABASE_URL!;
const handle = await openDatabase({ kind: 'postgres', url, poolMax: 4 });
// No vitest imports here: this runs outside the test runner.
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' }, 'worker');
const ctx = await openContext(config, handle);
const seen: string[] = [];
const race = defineJob({
  name: 'race',
  payload: z.object({ i: z.number() }),
  run: async (_payload, _ctx, job) => {
    seen.push(job.id);
    await new Promise((r) => setTimeout(r, 1));
  },
});
const worker = createWorker(ctx, [race], [], { pollIntervalMs: 20, concurrency: 4 });
// Wait for the go signal so both processes start claiming at the same moment.
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
process.stdin.destroy();
await worker.drain();
await handle.close();
process.stdout.write(JSON.stringify(seen));
