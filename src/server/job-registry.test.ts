import { describe, expect, it } from 'vitest';
import { JOBS, periodicTasks } from './job-registry';
import { loadConfig } from './config';

describe('the job registry', () => {
  it('lists each job once, by a unique name', () => {
    const names = JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'process-review-requests',
        'maintenance',
        'send-password-reset',
        'process-webhook',
        'reconcile-orders',
        'reconcile-store',
        'send-review-notification',
      ]),
    );
  });

  it('ticks only registered jobs, each with a payload its schema accepts', () => {
    const tick = { tick: new Date().toISOString() };
    for (const task of periodicTasks(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }))) {
      expect(JOBS).toContain(task.job);
      expect(task.job.payload.safeParse(tick).success).toBe(true);
    }
  });
});
