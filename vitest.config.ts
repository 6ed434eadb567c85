import { defineConfig } from 'vitest/config';

// Groups run in order (unit and web, integration on PGlite, on PostgreSQL, then browser tests) so the
// 2-core machine is never shared between a browser suite and database suites.

// Setup files of the node projects; the web project has its own single one (src/web/test/setup.ts).
const nodeSetupFiles = ['tests/support/fail-on-console-error.ts', 'tests/support/tag-engine.ts'];

// One switch: the integration suite always runs on PGlite, and on PostgreSQL too when DATABASE_URL
// is set. The same test files run in both projects; tests/support/test-db.ts reads TEST_DB_KIND.
const integration = (kind: 'pglite' | 'postgres', groupOrder: number) => ({
  extends: true as const,
  test: {
    name: `integration:${kind}`,
    include: ['src/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_KIND: kind },
    globalSetup: ['tests/support/global-setup-db.ts'],
    setupFiles: nodeSetupFiles,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'emulator/**/*.test.ts', 'tests/shopify/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts', 'src/web/**', '**/node_modules/**'],
          environment: 'node',
          setupFiles: nodeSetupFiles,
          // The template sandbox's tests start child processes and wait for their deadlines: on a busy
          // 2-core machine that passes vitest's default 5 s (the timings they check are their own).
          testTimeout: 20_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.ts', 'src/web/**/*.test.tsx'],
          exclude: ['src/web/**/*.int.test.ts', '**/node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // A screen's first render (its lazy chunk transformed) and axe in jsdom take seconds on a
          // busy 2-core machine; vitest's default of 5 s made them fail there though nothing was wrong.
          testTimeout: 20_000,
          sequence: { groupOrder: 0 },
        },
      },
      integration('pglite', 1),
      ...(process.env.DATABASE_URL ? [integration('postgres', 2)] : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/support/global-setup-e2e.ts'],
          setupFiles: nodeSetupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll on what the page shows gets the time a locator's wait gets, not vitest's 1 s: the
          // first page of a file, on a 2-core machine shared with another file's server, takes longer.
          expect: { poll: { timeout: 10_000 } },
          // Each file starts its own server and browser: keep two at a time on a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
