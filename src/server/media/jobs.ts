/**
 * The jobs of the media storage. Registered in src/server/job-registry.ts.
 */
import { z } from 'zod';
import type { Queryable } from '#db/client';
import { defineJob, enqueue } from '../jobs/define';
import { isStorageKey } from './storage';

/** Keys per job: a customer's photos are a handful, a shop's erasure may be thousands. */
const KEYS_PER_JOB = 200;

/**
 * Removes files from the storage once the rows naming them are gone (a customer's erasure, a shop's,
 * decision 058): enqueued in the same transaction as the rows' deletion, so the files go only when it
 * commits, and are retried until they do go (a bucket down for a while). Deleting a key twice is harmless.
 */
export const removeStoredFilesJob = defineJob({
  name: 'remove-stored-files',
  payload: z.object({ keys: z.array(z.string().refine(isStorageKey, 'not a storage key')).min(1).max(KEYS_PER_JOB) }),
  maxAttempts: 20,
  async run({ keys }, ctx) {
    for (const key of keys) await ctx.storage.delete(key);
  },
});

/** Enqueues the removal of `keys` in `db`'s transaction, in jobs of KEYS_PER_JOB. */
export async function removeStoredFiles(db: Queryable, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += KEYS_PER_JOB) await enqueue(db, removeStoredFilesJob, { keys: keys.slice(i, i + KEYS_PER_JOB) });
}
