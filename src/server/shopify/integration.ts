/**
 * Builds the Shopify facade for this process: real Shopify, or the local emulator (mounted in-process
 * at {APP_URL}/_shopify) when SHOPIFY_EMULATOR is on. The app reaches the emulator in-process; the
 * browser reaches it over HTTP at the same origin.
 * This module imports the whole emulator: the server loads it with import() only when the emulator
 * is mounted (bootstrap.ts), never statically, so production never loads it (decision 031).
 */
import { createShopifyEmulator, type ShopifyEmulator } from '#emulator/shopify';
import { APP_PROXY, THEME_EXTENSION } from '#core/storefront';
import type { Config } from '../config';
import { projectPath } from '../project-root';
import { createShopifyFacade, type FetchLike, type ShopifyFacade } from './facade';
import { PROTECTED_CUSTOMER_DATA_REQUEST } from './protected-data';
import type { ShopifyRetryPolicy } from './resilience';

export interface ShopifyIntegrationOptions {
  /** How the emulator delivers webhooks to the app (default: HTTP to APP_URL). */
  webhookFetch?: typeof fetch;
  /** Keep the emulator's state in memory only (tests). */
  inMemoryEmulator?: boolean;
  /** Time limits and retries of the calls to Shopify (default DEFAULT_SHOPIFY_RETRY; tests shorten them). */
  retry?: ShopifyRetryPolicy;
}

export const EMULATOR_PATH = '/_shopify';

export function createShopifyIntegration(config: Config, options: ShopifyIntegrationOptions = {}): { shopify: ShopifyFacade; emulator: ShopifyEmulator | null } {
  if (!config.shopify.emulator) return { shopify: createShopifyFacade({ config, retry: options.retry }), emulator: null };
  const base = `${config.appUrl}${EMULATOR_PATH}`;
  const emulator = createShopifyEmulator({
    baseUrl: base,
    app: {
      apiKey: config.shopify.apiKey,
      apiSecret: config.shopify.apiSecret,
      installUrl: `${config.appUrl}/shopify/entry`,
      redirectUris: [`${config.appUrl}/functions/v1/shopify-auth/callback`],
      name: 'Avis Clients',
      // The scopes shopify.app.toml declares: what Shopify-managed installation grants on a token exchange.
      scopes: config.shopify.scopes,
      // Approved exactly as the app asks Shopify (docs/deployment.md): reading any other protected
      // field fails in development as it would on a real shop.
      protectedCustomerData: { level: PROTECTED_CUSTOMER_DATA_REQUEST.level, fields: [...PROTECTED_CUSTOMER_DATA_REQUEST.fields] },
    },
    // The storefront renders the app's theme app extension; its app proxy forwards to the app (decision 028).
    storefront: {
      extensionDir: projectPath('extensions', THEME_EXTENSION.handle),
      proxy: { url: `${config.appUrl}${APP_PROXY.path}`, prefix: APP_PROXY.prefix, subpath: APP_PROXY.subpath },
    },
    statePath: options.inMemoryEmulator ? undefined : config.emulatorStatePath,
    fetch: options.webhookFetch,
  });
  return { shopify: emulatorFacade(config, emulator, options.retry), emulator };
}

/** A facade speaking to this emulator in-process: no socket, no port to know. */
export function emulatorFacade(config: Config, emulator: ShopifyEmulator, retry?: ShopifyRetryPolicy): ShopifyFacade {
  const inProcess: FetchLike = async (input, init) => {
    const url = new URL(input);
    const path = url.pathname.startsWith(EMULATOR_PATH) ? url.pathname.slice(EMULATOR_PATH.length) : url.pathname;
    return emulator.app.request(`${path}${url.search}`, init);
  };
  return createShopifyFacade({ config, fetch: inProcess, shopOrigin: (shop) => `${config.appUrl}${EMULATOR_PATH}/store/${shop}`, retry });
}
