/** An AppContext on a fresh test database, with the outbox mailer and a silent logger. */
import type { DatabaseHandle } from '../../src/db/client';
import { loadConfig, type Config } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { createMailer } from '../../src/server/email/mailer';
import { createAuth } from '../../src/server/auth/auth';
import { createShopifyIntegration } from '../../src/server/shopify/integration';
import { createLogger } from '../../src/server/logger';
import { createTestDatabase, type TestDatabase } from './test-db';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', ...overrides });
}

export function contextFor(handle: DatabaseHandle, config: Config = testConfig()): AppContext {
  const mailer = createMailer(handle.db, { from: config.mail.from, transport: 'outbox', messageIdDomain: 'test.local' });
  const log = createLogger('silent');
  const auth = createAuth({ config, db: handle.db, mailer, log });
  const { shopify, emulator } = createShopifyIntegration(config, { inMemoryEmulator: true });
  return { config, dbHandle: handle, db: handle.db, mailer, log, auth, shopify, emulator };
}

export interface TestContext extends AppContext {
  testDb: TestDatabase;
  destroy(): Promise<void>;
}

export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const testDb = await createTestDatabase();
  const ctx = contextFor(testDb.handle, testConfig(overrides));
  return {
    ...ctx,
    testDb,
    async destroy() {
      await ctx.emulator?.close();
      await testDb.destroy();
    },
  };
}
