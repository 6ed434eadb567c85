/** An AppContext on a fresh test database, with the outbox mailer and a silent logger. */
import type { DatabaseHandle } from '#db/client';
import { loadConfig, type Config } from '#server/config';
import type { AppContext } from '#server/context';
import { createMailer } from '#server/email/mailer';
import { createStorage } from '#server/media/storage';
import { createAuth } from '#server/auth/auth';
import { createShopifyIntegration } from '#server/shopify/integration';
import { createLogger } from '#server/logger';
import { TemplateSandbox } from '#server/email-templates/sandbox';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * The publisher's details production requires (the legal pages name them): a test that builds a
 * production configuration spreads these in.
 */
export const PRODUCTION_OPERATOR_ENV = {
  OPERATOR_NAME: 'Avis Clients SAS',
  OPERATOR_LEGAL_FORM: 'Société par actions simplifiée',
  OPERATOR_SHARE_CAPITAL: '10000',
  OPERATOR_ADDRESS: '12 rue des Lilas, 75011 Paris, France',
  OPERATOR_REGISTRATION: 'RCS Paris 123 456 789',
  OPERATOR_PHONE: '+33 1 23 45 67 89',
  OPERATOR_EMAIL: 'contact@avis.exemple.test',
  OPERATOR_PUBLICATION_DIRECTOR: 'Claire Dupont',
  HOSTING_PROVIDER: 'Hébergeur SAS, 2 rue Kellermann, 59100 Roubaix, France, +33 9 00 00 00 00',
} as const;

export function testConfig(overrides: Record<string, string> = {}): Config {
  // Uploads go to the test's own database, never to a folder of the checkout.
  return loadConfig({ NODE_ENV: 'test', APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', STORAGE: 'database', ...overrides });
}

/** Where the emulator delivers webhooks in tests: set by `deliverWebhooksTo(app)`, in-process. */
type WebhookTarget = { fetch: (request: Request) => Response | Promise<Response> } | null;

export function contextFor(handle: DatabaseHandle, config: Config = testConfig(), target: { current: WebhookTarget } = { current: null }): AppContext {
  const mailer = createMailer(handle.db, { from: config.mail.from, transport: 'outbox', messageIdDomain: 'test.local' });
  const log = createLogger('silent');
  const auth = createAuth({ config, db: handle.db, mailer, log });
  const webhookFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (!target.current) return new Response('no app to deliver to', { status: 503 });
    return target.current.fetch(new Request(input, init));
  }) as typeof fetch;
  const { shopify, emulator } = createShopifyIntegration(config, { inMemoryEmulator: true, webhookFetch });
  const storage = createStorage(config, handle.db);
  return { config, dbHandle: handle, db: handle.db, mailer, storage, log, auth, shopify, emulator, templates: new TemplateSandbox() };
}

export interface TestContext extends AppContext {
  testDb: TestDatabase;
  /** Makes the emulator deliver its webhooks to `app` in-process. */
  deliverWebhooksTo(app: { fetch: (request: Request) => Response | Promise<Response> }): void;
  destroy(): Promise<void>;
}

export async function createTestContext(overrides: Record<string, string> = {}): Promise<TestContext> {
  const testDb = await createTestDatabase();
  const target: { current: WebhookTarget } = { current: null };
  const ctx = contextFor(testDb.handle, testConfig(overrides), target);
  return {
    ...ctx,
    testDb,
    deliverWebhooksTo(app) {
      target.current = app;
    },
    async destroy() {
      await ctx.emulator?.close();
      await ctx.templates.close();
      await testDb.destroy();
    },
  };
}
