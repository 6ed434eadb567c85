/**
 * Builds a running process from configuration: opens and migrates the database, seeds demo data
 * when asked, creates the mailer, then starts the HTTP server and/or the worker for the role.
 */
import type { Server as HttpServer } from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { openDatabase, type DatabaseHandle } from '#db/client';
import { migrateDatabase } from '#db/migrate';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import type { Config } from './config';
import type { AppContext } from './context';
import { seedDemo } from './demo/seed-demo';
import { connectDemoShop } from './demo/connect-demo-shop';
import { seedDemoPhotos } from './demo/demo-photos';
import { createMailer } from './email/mailer';
import { TemplateSandbox } from './email-templates/sandbox';
import { createStorage } from './media/storage';
import { JOBS, periodicTasks } from './job-registry';
import { createWorker, type Worker } from './jobs/worker';
import { createLogger } from './logger';
import { createShopifyFacade } from './shopify/facade';
import type { ShopifyIntegrationOptions } from './shopify/integration';
import { startLogLines } from './start-log';

export interface RunningServices {
  ctx: AppContext;
  port: number | null;
  worker: Worker | null;
  /**
   * A graceful stop within `graceMs` (default SHUTDOWN_GRACE_SECONDS): the web server stops accepting
   * and drains its requests, the worker claims nothing more, lets running jobs finish and releases
   * what still runs near the end; then everything closes. Resolves by the end of the grace.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Stops accepting, lets requests under way end, and cuts the connections still open when `graceMs` ends. */
function drainServer(server: ServerType, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const http = server as Partial<Pick<HttpServer, 'closeIdleConnections' | 'closeAllConnections'>>;
    const cut = setTimeout(() => http.closeAllConnections?.(), graceMs);
    server.close(() => {
      clearTimeout(cut);
      resolve();
    });
    // Kept-alive connections with no request under way would otherwise hold the close.
    http.closeIdleConnections?.();
  });
}

/** `work`, or nothing more once `ms` have passed (what has not closed by then goes with the process). */
const within = (ms: number, work: Promise<unknown>) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * Real Shopify, or the local emulator when the configuration mounts it (development, demo, tests).
 * The emulator and its wiring (shopify/integration.ts) are imported only then, so production never
 * loads them, and the compiled server carries them in a chunk of their own (decision 031).
 */
async function openShopify(config: Config, options: ShopifyIntegrationOptions): Promise<Pick<AppContext, 'shopify' | 'emulator'>> {
  if (!config.shopify.emulator) return { shopify: createShopifyFacade({ config, retry: options.retry }), emulator: null };
  const { createShopifyIntegration } = await import('./shopify/integration');
  return createShopifyIntegration(config, options);
}

export async function openContext(config: Config, dbHandle?: DatabaseHandle, options: ShopifyIntegrationOptions = {}): Promise<AppContext> {
  const log = createLogger(config.logLevel);
  const handle =
    dbHandle ??
    (await openDatabase(
      config.database.kind === 'postgres'
        ? { kind: 'postgres', url: config.database.url, poolMax: config.database.poolMax }
        : { kind: 'pglite', dataDir: config.database.dataDir, memory: config.database.memory },
    ));
  const mailer = createMailer(handle.db, {
    from: config.mail.from,
    transport: config.mail.transport,
    smtpUrl: config.mail.smtpUrl,
    smtpPoolSize: config.mail.smtpPoolSize,
    messageIdDomain: new URL(config.appUrl).hostname,
  });
  const auth = createAuth({ config, db: handle.db, mailer, log });
  const { shopify, emulator } = await openShopify(config, options);
  const storage = createStorage(config, handle.db);
  const templates = new TemplateSandbox({ log: log.child('template-sandbox') });
  return { config, dbHandle: handle, db: handle.db, mailer, storage, log, auth, shopify, emulator, templates };
}

export async function startServices(config: Config): Promise<RunningServices> {
  const ctx = await openContext(config);
  const log = ctx.log;
  try {
    await migrateDatabase(ctx.dbHandle);
    if (config.demoMode) {
      const demo = await seedDemo(ctx.db);
      if (demo.created) {
        log.info('demo data created (demo@avis-clients.test / demo-avis-clients)');
        // Before the shop is connected: its first storefront publication carries them.
        await seedDemoPhotos(ctx, demo.storeId);
      }
      if (await connectDemoShop(ctx)) log.info('demo store installed on the local Shopify emulator');
    }
  } catch (error) {
    await ctx.dbHandle.close();
    throw error;
  }

  let server: ServerType | null = null;
  let port: number | null = null;
  if (config.role !== 'worker') {
    const app = createApp(ctx);
    port = await new Promise<number>((resolve, reject) => {
      server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => resolve(info.port));
      server.once('error', reject);
    });
    log.info(`web listening on ${config.appUrl} (port ${port}, database ${ctx.dbHandle.kind})`);
    for (const line of startLogLines(config, ctx.emulator !== null)) log.info(line);
  }

  let worker: Worker | null = null;
  if (config.role !== 'web') {
    worker = createWorker(ctx, JOBS, periodicTasks(config), {
      pollIntervalMs: config.worker.pollIntervalMs,
      concurrency: config.worker.concurrency,
    });
    worker.start();
  }

  return {
    ctx,
    port,
    worker,
    async stop(graceMs = config.shutdownGraceSeconds * 1000) {
      const deadline = Date.now() + graceMs;
      const closing = server as ServerType | null;
      // A moment is kept at the end to release what still runs and close the rest.
      const reserve = Math.min(1000, graceMs / 4);
      await Promise.all([closing ? drainServer(closing, graceMs - reserve) : null, worker?.stop(graceMs - reserve)]);
      await within(
        Math.max(0, deadline - Date.now()),
        (async () => {
          await ctx.emulator?.close();
          await ctx.mailer.close();
          await ctx.templates.close();
          await ctx.dbHandle.close();
        })(),
      );
    },
  };
}
