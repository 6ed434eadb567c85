// Integration tests run once per database engine (vitest.config.ts). Each test records which one in
// its metadata, so the summary of `npm test` can say which engine a failure belongs to.
import { beforeEach } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    engine?: string;
  }
}

beforeEach(({ task }) => {
  // Set only in the integration projects.
  if (process.env.TEST_DB_KIND) task.meta.engine = process.env.TEST_DB_KIND;
});
