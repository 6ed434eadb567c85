// A local Shopify for development and tests: OAuth, Admin GraphQL API, billing, signed webhooks and
// a control API. Mount `app` at the path of `baseUrl` (e.g. `app.route('/_shopify', emulator.app)`).
// Never mounted in production.
import { Hono } from 'hono';
import { EmulatorError, type CoreOptions, type CreateCustomerInput, type CreateOrderInput, type CreateShopInput, type TokenResponse } from './areas/shared';
import { EmulatorCore } from './core';
import { embeddedRoutes } from './embedded/routes';
import { toCents } from './format';
import { faultMiddleware, type Fault, type FaultInput } from './faults';
import { controlRoutes } from './routes/control';
import { storeRoutes } from './routes/store';
import type { SessionTokenFault } from './session-tokens';
import { setStorefront, type StorefrontSettings } from './storefront/domains';
import { storefrontRoutes, type StorefrontHost, type StorefrontOptions } from './storefront/routes';
import { FULFILLMENT_EVENT_STATUSES, type AppConfigRecord, type ComplianceTopic, type FulfillmentEventStatus } from './types';
import {
  appSubscriptionView,
  customerView,
  deliveryView,
  orderView,
  shopView,
  webhookSubscriptionView,
  type EmulatorAppSubscription,
  type EmulatorCustomer,
  type EmulatorDelivery,
  type EmulatorOrder,
  type EmulatorShop,
  type EmulatorToken,
  type EmulatorWebhookSubscription,
} from './views';

export interface EmulatorOptions extends CoreOptions {
  /** The shop's storefront with the app's theme app extension and its app proxy (storefront/routes.ts). */
  storefront?: Omit<StorefrontOptions, 'fetch'>;
}

export interface CreateOrderOptions extends Omit<CreateOrderInput, 'totalCents'> {
  /** Total as a decimal amount: 49.9 or "49.90". */
  total: number | string;
}

/** The emulator's actions as plain async functions, for tests in-process. */
export interface EmulatorStateApi {
  createShop(input: CreateShopInput): Promise<EmulatorShop>;
  getShop(shop: string): Promise<EmulatorShop | null>;
  listShops(): Promise<EmulatorShop[]>;
  createCustomer(shop: string, input: CreateCustomerInput): Promise<EmulatorCustomer>;
  listCustomers(shop: string): Promise<EmulatorCustomer[]>;
  createOrder(shop: string, input: CreateOrderOptions): Promise<EmulatorOrder>;
  getOrder(orderId: number | string): Promise<EmulatorOrder | null>;
  listOrders(shop: string): Promise<EmulatorOrder[]>;
  markPaid(orderId: number | string): Promise<EmulatorOrder>;
  fulfil(orderId: number | string): Promise<EmulatorOrder>;
  /** The carrier's delivery scan ('Livrée'): fulfillment_events/create with status delivered. */
  markDelivered(orderId: number | string): Promise<EmulatorOrder>;
  /** Any tracking event on the latest fulfillment ('in_transit', 'OUT_FOR_DELIVERY', …). */
  addFulfillmentEvent(orderId: number | string, status: string, opts?: { message?: string; happenedAt?: string }): Promise<EmulatorOrder>;
  cancel(orderId: number | string, opts?: { reason?: string; refund?: boolean }): Promise<EmulatorOrder>;
  /** Full refund by default; `amount` as a decimal for a partial one. */
  refund(orderId: number | string, opts?: { amount?: number | string }): Promise<EmulatorOrder>;
  /** Signed `{installUrl}?hmac&host&shop&timestamp`, as the admin's install button sends. */
  installLink(shop: string): Promise<string>;
  /**
   * Shopify-managed installation (the admin's App Store button): installed with the app's declared
   * scopes, no token issued (the app exchanges a session token for one). Answers the scopes.
   */
  installManaged(shop: string): Promise<string[]>;
  /** Test shortcut: installs the app and issues an offline token (expiring by default) without OAuth. */
  installApp(shop: string, opts?: { scope?: string; expiring?: boolean }): Promise<TokenResponse>;
  /**
   * A session token as the admin gives App Bridge for a user of the shop (default: its owner), valid
   * for a minute, or broken on purpose: 'expired', 'not_yet_valid', 'wrong_audience', 'wrong_signature'.
   */
  sessionToken(shop: string, opts?: { userId?: string; sessionId?: string; fault?: SessionTokenFault }): Promise<string>;
  uninstall(shop: string): Promise<void>;
  revokeToken(token: string): Promise<boolean>;
  listTokens(shop: string): Promise<EmulatorToken[]>;
  raiseCompliance(shop: string, topic: ComplianceTopic, opts?: { customerId?: number | string; orderIds?: number[] }): Promise<EmulatorDelivery[]>;
  listWebhookSubscriptions(shop: string): Promise<EmulatorWebhookSubscription[]>;
  listAppSubscriptions(shop: string): Promise<EmulatorAppSubscription[]>;
  /** Test and demo shortcut: an active recurring subscription without the confirmation page ('29.99' USD, its period end). */
  subscribeApp(shop: string, input: { name: string; amount: number | string; currency: string; currentPeriodEnd: string }): Promise<EmulatorAppSubscription>;
  /** Same as the merchant clicking 'Approuver' / 'Refuser'; returns the returnUrl with charge_id. */
  approveAppSubscription(shop: string, id: number | string): Promise<string>;
  declineAppSubscription(shop: string, id: number | string): Promise<string>;
  listDeliveries(filter?: { shop?: string; topic?: string }): Promise<EmulatorDelivery[]>;
  /** Resolves when no webhook delivery attempt is running (scheduled retries are not waited for). */
  whenIdle(): Promise<void>;
  /** Runs every scheduled retry now and waits for those attempts. */
  retryDeliveriesNow(): Promise<void>;
  /** The next `count` Admin GraphQL calls (of one shop, or any) answer THROTTLED. */
  forceThrottle(count: number, shop?: string): Promise<void>;
  /**
   * A fault on the next `count` matching calls (or until cleared): THROTTLED, 429, 500, 502, 503, 504,
   * a slow answer or none at all, per shop and per operation (faults.ts).
   */
  injectFault(input: FaultInput): Promise<Fault>;
  /** The faults still set, with their remaining counts and hits. */
  listFaults(): Promise<Fault[]>;
  /** Clears one fault (`id`), a shop's, or all; calls held by a 'timeout' are then answered 504. */
  clearFaults(filter?: { id?: string; shop?: string }): Promise<number>;
  /** The next `count` webhook deliveries are lost (never sent). */
  dropNextDeliveries(count: number): Promise<void>;
  /** Keeps new webhook deliveries back until releaseDeliveries (Shopify does not order deliveries). */
  holdDeliveries(): Promise<void>;
  /** Sends the held deliveries one after the other, oldest first or reversed, then delivers as usual. */
  /** In creation order, reversed, or as listed by delivery id (an id twice: delivered twice; left out: lost). */
  releaseDeliveries(order?: 'fifo' | 'reverse' | readonly string[]): Promise<void>;
  /** The deliveries held back, oldest first. */
  heldDeliveries(): Promise<EmulatorDelivery[]>;
  getAppConfig(): Promise<AppConfigRecord>;
  setAppConfig(input: Partial<AppConfigRecord>): Promise<AppConfigRecord>;
  /** Empties the state (the demo shop is recreated; the app configuration is kept). */
  reset(): Promise<void>;
  /** The shop's storefront domains (primary first) and where the merchant put the app proxy (storefront/domains.ts). */
  setStorefront(shop: string, input: StorefrontSettings): Promise<EmulatorShop>;
}

export interface ShopifyEmulator {
  app: Hono;
  /** The shops' storefronts, each on its own origin (`{name}.myshopify.localhost`…): serve them before any route by path. */
  storefront: StorefrontHost | null;
  state: EmulatorStateApi;
  close(): Promise<void>;
}

export function createShopifyEmulator(options: EmulatorOptions): ShopifyEmulator {
  const core = new EmulatorCore(options);
  const app = new Hono();
  app.onError((err, c) => {
    console.error('Shopify emulator error:', err);
    return c.json({ error: 'internal emulator error', detail: err.message }, 500);
  });
  app.notFound((c) => c.json({ errors: 'Not Found' }, 404));
  controlRoutes(app, core);
  app.use(
    '/store/:shop/admin/*',
    faultMiddleware(core.faults, (param) => core.resolveShop(param)?.domain ?? null),
  );
  storeRoutes(app, core);
  // The admin that frames the embedded app, and the App Bridge stand-in (embedded/routes.ts).
  embeddedRoutes(app, core, { fetch: options.fetch });
  const storefront = options.storefront ? storefrontRoutes(app, core, { ...options.storefront, fetch: options.fetch }) : null;

  const cents = (v: number | string): number => {
    const c = toCents(v);
    if (c === null) throw new EmulatorError(400, `invalid amount ${String(v)}`);
    return c;
  };
  const domainOf = (shop: string) => core.requireShop(shop).domain;

  const state: EmulatorStateApi = {
    createShop: async (input) => shopView(core, core.createShop(input)),
    getShop: async (shop) => {
      const s = core.resolveShop(shop);
      return s ? shopView(core, s) : null;
    },
    listShops: async () => core.state.shops.map((s) => shopView(core, s)),
    createCustomer: async (shop, input) => customerView(core.createCustomer(shop, input)),
    listCustomers: async (shop) => core.state.customers.filter((c) => c.shop === domainOf(shop)).map(customerView),
    createOrder: async (shop, input) => {
      const { total, ...rest } = input;
      return orderView(core.createOrder(shop, { ...rest, totalCents: cents(total) }));
    },
    getOrder: async (orderId) => {
      try {
        return orderView(core.requireOrder(orderId));
      } catch (err) {
        if (err instanceof EmulatorError && err.status === 404) return null;
        throw err;
      }
    },
    listOrders: async (shop) => core.state.orders.filter((o) => o.shop === domainOf(shop)).map(orderView),
    markPaid: async (id) => orderView(core.markPaid(id)),
    fulfil: async (id) => orderView(core.fulfil(id)),
    markDelivered: async (id) => orderView(core.markDelivered(id)),
    addFulfillmentEvent: async (id, status, opts) => {
      const upper = status.trim().toUpperCase();
      if (!(FULFILLMENT_EVENT_STATUSES as readonly string[]).includes(upper)) throw new EmulatorError(400, `unknown fulfillment event status ${status}`);
      return orderView(core.addFulfillmentEvent(id, upper as FulfillmentEventStatus, opts));
    },
    cancel: async (id, opts) => orderView(core.cancel(id, opts)),
    refund: async (id, opts) => orderView(core.refund(id, opts?.amount === undefined ? {} : { amountCents: cents(opts.amount) })),
    installLink: async (shop) => core.installLink(shop),
    installManaged: async (shop) => [...core.installManaged(shop).installation!.scopes],
    installApp: async (shop, opts) => core.installDirect(shop, opts),
    sessionToken: async (shop, opts) => core.mintSessionToken(shop, opts),
    uninstall: async (shop) => core.uninstall(shop),
    revokeToken: async (token) => core.revokeToken(token),
    listTokens: async (shop) => core.state.tokens.filter((t) => t.shop === domainOf(shop)).map((t) => ({ ...t })),
    raiseCompliance: async (shop, topic, opts) => core.raiseCompliance(shop, topic, opts).map(deliveryView),
    listWebhookSubscriptions: async (shop) => core.listWebhookSubscriptions(domainOf(shop)).map(webhookSubscriptionView),
    listAppSubscriptions: async (shop) =>
      (core.expireStaleCharges(), core.state.appSubscriptions).filter((s) => s.shop === domainOf(shop)).map((s) => appSubscriptionView(core, s)),
    subscribeApp: async (shop, input) =>
      appSubscriptionView(
        core,
        core.subscribeDirect(shop, { name: input.name, amountCents: cents(input.amount), currency: input.currency, currentPeriodEnd: input.currentPeriodEnd }),
      ),
    approveAppSubscription: async (shop, id) => core.approveAppSubscription(shop, id),
    declineAppSubscription: async (shop, id) => core.declineAppSubscription(shop, id),
    listDeliveries: async (filter = {}) =>
      core.dispatcher
        .list()
        .filter((d) => (!filter.shop || d.shop === filter.shop) && (!filter.topic || d.topic === filter.topic))
        .map(deliveryView),
    whenIdle: () => core.dispatcher.whenIdle(),
    retryDeliveriesNow: () => core.dispatcher.retryNow(),
    forceThrottle: async (count, shop) => core.forceThrottle(count, shop),
    injectFault: async (input) => core.injectFault(input),
    listFaults: async () => core.faults.list(),
    clearFaults: async (filter = {}) => core.faults.clear({ id: filter.id, shop: filter.shop === undefined ? undefined : domainOf(filter.shop) }),
    dropNextDeliveries: async (count) => core.dropNextDeliveries(count),
    holdDeliveries: async () => core.dispatcher.hold(),
    releaseDeliveries: (order = 'fifo') => core.dispatcher.release(order),
    heldDeliveries: async () => core.dispatcher.heldDeliveries().map(deliveryView),
    getAppConfig: async () => ({ ...core.state.app }),
    setAppConfig: async (input) => core.setAppConfig(input),
    reset: () => core.reset(),
    setStorefront: async (shop, input) => shopView(core, setStorefront(core, shop, input)),
  };

  return {
    app,
    storefront,
    state,
    close: async () => {
      core.faults.reset();
      await core.dispatcher.close();
      core.store.save();
    },
  };
}

export { EmulatorError } from './areas/shared';
export { FAULT_KINDS, type Fault, type FaultInput, type FaultKind } from './faults';
export type { CreateCustomerInput, CreateShopInput, TokenResponse } from './areas/shared';
export { SESSION_TOKEN_FAULTS, type SessionTokenFault } from './session-tokens';
export { queryHmac, queryHmacMessage, verifyQueryHmac, webhookHmac, encodeHost, SHOP_DOMAIN_RE } from './crypto';
export type { AppConfigRecord, AppRegistration, ComplianceTopic, ProtectedCustomerDataApproval, ProtectedField, TokenGrant } from './types';
export type { EmulatorAppSubscription, EmulatorCustomer, EmulatorDelivery, EmulatorOrder, EmulatorShop, EmulatorToken, EmulatorWebhookSubscription } from './views';
export { DEFAULT_API_VERSION, DEMO_SHOP } from './areas/shared';
export { DEFAULT_RETRY_DELAYS_MS } from './webhooks';
