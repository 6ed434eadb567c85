import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JOBS, periodicTasks } from './job-registry';
import { loadConfig } from './config';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

/** The rows of docs/ARCHITECTURE.md's table of jobs: the job, the file defining it, what enqueues it. */
function documentedJobs(): { name: string; file: string; enqueued: string }[] {
  const section =
    read('../../docs/ARCHITECTURE.md')
      .split(/^## /m)
      .find((part) => part.startsWith('A job\n')) ?? '';
  return [...section.matchAll(/^\s*\| `([\w-]+)` \| `([\w/.-]+)` \| (.+) \|$/gm)].map((m) => ({ name: m[1]!, file: m[2]!, enqueued: m[3]! }));
}

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

  it('is the list docs/ARCHITECTURE.md gives, with the file defining each job and which are ticks', () => {
    const documented = documentedJobs();
    expect(documented.map((job) => job.name).sort()).toEqual(JOBS.map((job) => job.name).sort());
    for (const { name, file } of documented) expect(read(file), `${name} in ${file}`).toContain(`name: '${name}'`);
    const ticks = periodicTasks(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })).map((task) => task.job.name);
    expect(
      documented
        .filter((job) => job.enqueued.startsWith('tick'))
        .map((job) => job.name)
        .sort(),
    ).toEqual(ticks.sort());
  });
});
