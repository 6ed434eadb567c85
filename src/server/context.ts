/**
 * Everything a request handler or a job needs, built once per process and passed explicitly
 * (no module-level singletons, so tests can build as many isolated apps as they like).
 */
import type { Database, DatabaseHandle } from '#db/client';
import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Mailer } from './email/mailer';
import type { DnsResolve } from './deliverability/dns';
import type { Logger } from './logger';
import type { ShopifyFacade } from './shopify/facade';
import type { Storage } from './media/types';
import type { TemplateSandbox } from './email-templates/sandbox';
import type { ShopifyEmulator } from '#emulator/shopify';

export interface AppContext {
  config: Config;
  dbHandle: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  /** Uploaded files (logos): the database, DATA_DIR or an S3-compatible bucket (src/server/media). */
  storage: Storage;
  log: Logger;
  auth: Auth;
  shopify: ShopifyFacade;
  /** The local Shopify, mounted at /_shopify when SHOPIFY_EMULATOR is on (never in production). */
  emulator: ShopifyEmulator | null;
  /** Where merchant-written Liquid is rendered: sandbox processes with hard limits (decision 019). */
  templates: TemplateSandbox;
  /** DNS for the deliverability checks; unset: the system's resolvers (deliverability/dns.ts). Tests set a local server's. */
  dns?: DnsResolve;
}
