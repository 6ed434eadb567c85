/**
 * The jobs of review requests. Registered in src/server/job-registry.ts.
 */
import { hostname } from 'node:os';
import { z } from 'zod';
import { defineJob, JobReleasedError } from '../jobs/define';
import { runDueSends } from './sender';

/**
 * The sending run: resolves sends abandoned by dead workers, then sends every due request within the
 * quotas. Enqueued by the hourly tick, and at once by an immediate history import. A run its worker
 * stopped (SIGTERM) released what it had claimed and goes back to the queue, for another worker.
 */
export const processReviewRequestsJob = defineJob({
  name: 'process-review-requests',
  payload: z.object({ tick: z.iso.datetime().optional(), reason: z.enum(['import']).optional() }),
  maxAttempts: 3,
  async run(_payload, ctx, job) {
    const result = await runDueSends(ctx, { workerId: `${hostname()}:${process.pid}:${job.id}`, signal: job.signal });
    ctx.log.child('sender').info('review requests sent', { ...result });
    if (job.signal?.aborted) throw new JobReleasedError('process-review-requests');
  },
});
