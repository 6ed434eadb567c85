import { defineConfig } from 'vitest/config';

// Groups run in order (unit, integration on PGlite, on PostgreSQL, then browser tests) so the
// 2-core machine is never shared between a browser suite and database suites.
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder },
  },
});

export default defineConfig({
  test: {
    setupFiles: ['tests/support/fail-on-console-error.ts', 'tests/support/tag-engine.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'emulator/**/*.test.ts'],
          exclude: ['src/**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
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
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server and browser: keep two at a time on a 2-core machine.
          maxWorkers: 2,
          sequence: { groupOrder: 3 },
        },
      },
    ],
  },
});
