/**
 * The integration tests' fixture: one `test` whose tests receive a context on a fresh test database,
 * the app on it, and a world to build rows with. The context is made once per file (a test database
 * takes seconds) and destroyed after the file's last test; the world is made for each test (it is cheap).
 *
 *   import { describe, expect } from 'vitest';
 *   import { integrationTest } from '#tests/support/integration';
 *
 *   const it = integrationTest({ TRUST_PROXY: 'true' });
 *
 *   describe('the settings', () => {
 *     it('saves them', async ({ app, world }) => {
 *       const { browser } = await world.signedIn(app).store();
 *       …
 *     });
 *   });
 *
 * A file's configuration overrides (environment variables, as `loadConfig` reads them) go to
 * `integrationTest`. Suite hooks get the file's fixtures too: `it.beforeAll(async ({ ctx }) => …)`.
 * A file that needs a second context (another configuration, a context per test) still calls
 * `createTestContext` itself, and says why in src/integration-fixture.test.ts.
 */
import { test } from 'vitest';
import { createApp } from '#server/app';
import { createTestContext } from './test-context';
import { world } from './world';

export function integrationTest(env: Record<string, string> = {}) {
  return (
    test
      // vitest reads a fixture's first parameter as a destructuring pattern: it needs none here.
      // eslint-disable-next-line no-empty-pattern
      .extend('ctx', { scope: 'file' }, async ({}, { onCleanup }) => {
        const ctx = await createTestContext(env);
        onCleanup(() => ctx.destroy());
        return ctx;
      })
      .extend('app', { scope: 'file' }, ({ ctx }) => createApp(ctx))
      .extend('world', ({ ctx }) => world(ctx))
  );
}
