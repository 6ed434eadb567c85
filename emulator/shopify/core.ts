// The emulator's behaviour: shops, customers, orders, installation and tokens, webhook
// subscriptions and deliveries, billing, compliance requests, rate limiting. Routes and the
// in-process state API both call this.
import { SHOP_DOMAIN_RE, encodeHost, randomHex, signedUrl } from './crypto';
import { addDays, gid, isoSeconds } from './format';
import {
  appSubscriptionPayload,
  customerPayload,
  customerRedactPayload,
  dataRequestPayload,
  fulfillmentEventPayload,
  orderPayload,
  refundPayload,
  shopPayload,
  shopRedactPayload,
} from './payloads';
import { Store, emptyState } from './store';
import { FaultRegistry, type Fault, type FaultInput } from './faults';
import { restTopic } from './topics';
import type {
  AddressRecord,
  AppConfigRecord,
  AppRegistration,
  AppSubscriptionRecord,
  ComplianceTopic,
  CustomerRecord,
  DeliveryRecord,
  FulfillmentEventRecord,
  FulfillmentEventStatus,
  OrderRecord,
  ProtectedCustomerDataApproval,
  ProtectedField,
  ShopRecord,
  SubscriptionLineItemRecord,
  TokenRecord,
  WebhookSubscriptionRecord,
} from './types';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher, type DeliveryTarget } from './webhooks';

/** The version of the compliance deliveries: shopify.app.toml's webhooks api_version, the app's default (decision 020). */
export const DEFAULT_API_VERSION = '2026-07';
export const API_VERSION_RE = /^\d{4}-(01|04|07|10)$/;
export const DEMO_SHOP = { domain: 'maison-lumiere.myshopify.com', name: 'Maison Lumière', email: 'contact@maison-lumiere.example', currency: 'EUR' };

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 90 * 24 * 3600;
export const ONLINE_TOKEN_TTL_S = 24 * 3600;
export const CODE_TTL_MS = 60_000;
/** A charge the merchant neither approved nor declined expires after this long (Shopify: 2 days). */
export const PENDING_CHARGE_TTL_MS = 2 * 86_400_000;
/** A new app: nothing approved (strict by default). */
export const NO_PROTECTED_DATA: ProtectedCustomerDataApproval = { level: 0, fields: [] };
export const PROTECTED_FIELDS: readonly ProtectedField[] = ['name', 'email', 'phone', 'address'];
/** read_orders without read_all_orders only sees this many days of orders. */
export const ORDERS_WINDOW_DAYS = 60;

export const BUCKET_MAX = 1000;
export const BUCKET_RESTORE_PER_S = 50;

/** An error with the HTTP status the control API answers. Messages are English (a developer tool). */
export class EmulatorError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface CoreOptions {
  baseUrl: string;
  app: AppRegistration;
  statePath?: string;
  webhookRetryDelaysMs?: number[];
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface CreateShopInput {
  /** Full `{name}.myshopify.com` domain, or just `{name}`. */
  domain: string;
  name?: string;
  email?: string;
  currency?: string;
}

export interface CreateCustomerInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface CreateOrderInput {
  /** An existing customer of the shop (numeric id or gid). */
  customerId?: number | string;
  /** Or a customer to find by e-mail in the shop, or create. */
  customer?: CreateCustomerInput;
  /** Order e-mail; defaults to the customer's. */
  email?: string | null;
  /** Total in minor units (cents). */
  totalCents: number;
  /** Billing and shipping address; defaults to the customer's name, no street. */
  address?: Partial<AddressRecord>;
  currency?: string;
  /** ISO date-time, now or in the past (history). Defaults to now. */
  createdAt?: string;
  financialStatus?: 'pending' | 'paid';
  test?: boolean;
  /** Deliver orders/create (and orders/paid). Default true. */
  notify?: boolean;
}

export interface TokenResponse {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  associated_user_scope?: string;
  associated_user?: Record<string, unknown>;
}

export interface NewAppSubscriptionInput {
  name: string;
  returnUrl: string;
  test?: boolean | null;
  trialDays?: number | null;
  lineItems: {
    plan: {
      appRecurringPricingDetails?: {
        price: { amount: unknown; currencyCode: string };
        interval?: string | null;
        discount?: { durationLimitInIntervals?: number | null; value?: { amount?: unknown; percentage?: number | null } | null } | null;
      } | null;
      appUsagePricingDetails?: { cappedAmount: { amount: unknown; currencyCode: string }; terms: string } | null;
    };
  }[];
}

export interface UserError {
  field: string[] | null;
  message: string;
}

export class EmulatorCore {
  readonly store: Store;
  readonly dispatcher: WebhookDispatcher;
  readonly baseUrl: string;
  readonly basePath: string;
  readonly app: CoreOptions['app'];
  readonly now: () => Date;
  /** Faults injected through the control API (faults.ts). */
  readonly faults = new FaultRegistry();
  private readonly buckets = new Map<string, { available: number; at: number }>();

  constructor(options: CoreOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
    this.app = options.app;
    this.now = options.now ?? (() => new Date());
    this.store = new Store(options.statePath, this.defaultAppConfig());
    // The app's approval is the Partner Dashboard's, given by whoever creates the emulator.
    if (options.app.protectedCustomerData) this.state.app.protectedCustomerData = checkApproval(options.app.protectedCustomerData);
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.dispatcher = new WebhookDispatcher({
      secret: () => this.app.apiSecret,
      fetch: fetchImpl,
      now: this.now,
      retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      onAbandoned: (d) => this.onDeliveryAbandoned(d),
    });
    if (this.store.isEmpty) this.seed();
  }

  get state() {
    return this.store.data;
  }

  /** Path of the control page: the mount point itself (Hono maps a sub-app's '/' to '/_shopify', not '/_shopify/'). */
  get homePath(): string {
    return this.basePath || '/';
  }

  nowIso(): string {
    return isoSeconds(this.now());
  }

  private defaultAppConfig(): AppConfigRecord {
    return {
      name: this.app.name ?? 'Mon application',
      complianceUri: `${new URL(this.app.installUrl).origin}/webhooks/shopify`,
      protectedCustomerData: this.app.protectedCustomerData ?? NO_PROTECTED_DATA,
    };
  }

  private seed(): void {
    this.createShop(DEMO_SHOP);
  }

  private commit(): void {
    this.store.save();
  }

  // ---------------------------------------------------------------- app configuration

  setAppConfig(input: Partial<AppConfigRecord>): AppConfigRecord {
    if (input.complianceUri !== undefined) assertHttpUrl(input.complianceUri, 'complianceUri');
    const next = { ...input };
    if (input.protectedCustomerData !== undefined) next.protectedCustomerData = checkApproval(input.protectedCustomerData);
    Object.assign(this.state.app, next);
    this.commit();
    return { ...this.state.app };
  }

  // ---------------------------------------------------------------- shops

  normalizeDomain(input: string): string {
    const d = input
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, '');
    return d.endsWith('.myshopify.com') ? d : `${d}.myshopify.com`;
  }

  createShop(input: CreateShopInput): ShopRecord {
    const domain = this.normalizeDomain(input.domain);
    if (!SHOP_DOMAIN_RE.test(domain)) throw new EmulatorError(400, `invalid shop domain "${domain}" (expected {name}.myshopify.com)`);
    if (this.findShop(domain)) throw new EmulatorError(409, `shop ${domain} already exists`);
    const handle = domain.replace(/\.myshopify\.com$/, '');
    const now = this.nowIso();
    const shop: ShopRecord = {
      id: this.store.nextId(),
      domain,
      name: input.name?.trim() || handle,
      email: input.email?.trim() || `owner@${handle}.example`,
      currency: input.currency ?? 'EUR',
      createdAt: now,
      updatedAt: now,
      nextOrderNumber: 1001,
      installation: null,
    };
    this.state.shops.push(shop);
    this.commit();
    return shop;
  }

  findShop(domain: string): ShopRecord | undefined {
    const d = domain.toLowerCase();
    return this.state.shops.find((s) => s.domain === d);
  }

  /** A path segment may be the full domain or just the shop name. */
  resolveShop(param: string): ShopRecord | undefined {
    return this.findShop(param) ?? this.findShop(`${param}.myshopify.com`);
  }

  requireShop(domain: string): ShopRecord {
    const shop = this.resolveShop(domain);
    if (!shop) throw new EmulatorError(404, `unknown shop ${domain}`);
    return shop;
  }

  isInstalled(shop: ShopRecord): boolean {
    return Boolean(shop.installation && !shop.installation.uninstalledAt);
  }

  /** The URL Shopify's admin opens to install or open the app: `{installUrl}?hmac&host&shop&timestamp`. */
  installLink(shopDomain: string): string {
    const shop = this.requireShop(shopDomain);
    return signedUrl(this.app.installUrl, { host: encodeHost(shop.domain), shop: shop.domain, timestamp: String(Math.floor(this.now().getTime() / 1000)) }, this.app.apiSecret);
  }

  adminUrl(shop: ShopRecord): string {
    return `${this.baseUrl}/store/${shop.domain}/admin`;
  }

  // ---------------------------------------------------------------- customers

  createCustomer(shopDomain: string, input: CreateCustomerInput, notify = true): CustomerRecord {
    const shop = this.requireShop(shopDomain);
    const email = input.email?.trim().toLowerCase() || null;
    if (!email && !input.phone && !input.firstName && !input.lastName) {
      throw new EmulatorError(400, 'a customer needs at least an email, a phone or a name');
    }
    if (email && this.state.customers.some((c) => c.shop === shop.domain && c.email === email)) {
      throw new EmulatorError(409, `a customer with email ${email} already exists in ${shop.domain}`);
    }
    const now = this.nowIso();
    const customer: CustomerRecord = {
      id: this.store.nextId(),
      shop: shop.domain,
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      email,
      phone: input.phone?.trim() || null,
      createdAt: now,
      updatedAt: now,
    };
    this.state.customers.push(customer);
    this.commit();
    if (notify)
      this.notify(
        shop,
        'customers/create',
        customerPayload(customer, (f) => this.approvesField(f)),
      );
    return customer;
  }

  findCustomer(shop: string, id: number | null): CustomerRecord | null {
    if (id === null) return null;
    return this.state.customers.find((c) => c.id === id && c.shop === shop) ?? null;
  }

  // ---------------------------------------------------------------- orders

  createOrder(shopDomain: string, input: CreateOrderInput): OrderRecord {
    const shop = this.requireShop(shopDomain);
    let customer: CustomerRecord | null = null;
    if (input.customerId !== undefined) {
      const id = typeof input.customerId === 'number' ? input.customerId : Number(String(input.customerId).replace(/^gid:\/\/shopify\/Customer\//, ''));
      customer = this.findCustomer(shop.domain, Number.isSafeInteger(id) ? id : -1);
      if (!customer) throw new EmulatorError(404, `unknown customer ${input.customerId} in ${shop.domain}`);
    } else if (input.customer) {
      const email = input.customer.email?.trim().toLowerCase();
      customer = (email && this.state.customers.find((c) => c.shop === shop.domain && c.email === email)) || null;
      if (!customer) customer = this.createCustomer(shop.domain, input.customer, input.notify !== false);
    }
    if (!Number.isSafeInteger(input.totalCents) || input.totalCents < 0) throw new EmulatorError(400, 'total must be a non-negative amount');
    const now = this.now();
    let createdAt = isoSeconds(now);
    if (input.createdAt) {
      const t = Date.parse(input.createdAt);
      if (Number.isNaN(t)) throw new EmulatorError(400, 'createdAt must be an ISO date-time');
      if (t > now.getTime() + 1000) throw new EmulatorError(400, 'createdAt must not be in the future');
      createdAt = isoSeconds(new Date(t));
    }
    const paid = (input.financialStatus ?? 'paid') === 'paid';
    const address: AddressRecord = {
      firstName: customer?.firstName ?? null,
      lastName: customer?.lastName ?? null,
      address1: null,
      city: null,
      zip: null,
      countryCode: null,
      phone: customer?.phone ?? null,
      ...input.address,
    };
    const hasAddress = Object.values(address).some((v) => v !== null && v !== undefined && v !== '');
    const order: OrderRecord = {
      id: this.store.nextId(),
      shop: shop.domain,
      number: shop.nextOrderNumber,
      email: input.email?.trim().toLowerCase() || customer?.email || null,
      customerId: customer?.id ?? null,
      createdAt,
      updatedAt: createdAt,
      processedAt: createdAt,
      cancelledAt: null,
      cancelReason: null,
      closedAt: null,
      financialStatus: paid ? 'PAID' : 'PENDING',
      fulfillmentStatus: 'UNFULFILLED',
      totalCents: input.totalCents,
      refundedCents: 0,
      currency: input.currency ?? shop.currency,
      test: input.test ?? false,
      billingAddress: hasAddress ? address : null,
      shippingAddress: hasAddress ? { ...address } : null,
      fulfillments: [],
      refunds: [],
    };
    shop.nextOrderNumber += 1;
    this.state.orders.push(order);
    this.commit();
    if (input.notify !== false) {
      this.notifyOrder(order, 'orders/create');
      if (paid) this.notifyOrder(order, 'orders/paid');
    }
    return order;
  }

  requireOrder(orderId: number | string): OrderRecord {
    const id = typeof orderId === 'number' ? orderId : Number(String(orderId).replace(/^gid:\/\/shopify\/Order\//, ''));
    const order = this.state.orders.find((o) => o.id === id);
    if (!order) throw new EmulatorError(404, `unknown order ${orderId}`);
    return order;
  }

  markPaid(orderId: number | string): OrderRecord {
    const order = this.requireOrder(orderId);
    if (order.cancelledAt) throw new EmulatorError(409, `order ${order.id} is cancelled`);
    if (order.financialStatus !== 'PENDING' && order.financialStatus !== 'AUTHORIZED') {
      throw new EmulatorError(409, `order ${order.id} is not awaiting payment (${order.financialStatus})`);
    }
    order.financialStatus = 'PAID';
    this.touch(order);
    this.notifyOrder(order, 'orders/paid');
    this.notifyOrder(order, 'orders/updated');
    return order;
  }

  fulfil(orderId: number | string): OrderRecord {
    const order = this.requireOrder(orderId);
    if (order.cancelledAt) throw new EmulatorError(409, `order ${order.id} is cancelled`);
    if (order.fulfillmentStatus === 'FULFILLED') throw new EmulatorError(409, `order ${order.id} is already fulfilled`);
    const now = this.nowIso();
    order.fulfillmentStatus = 'FULFILLED';
    order.fulfillments.push({ id: this.store.nextId(), createdAt: now });
    this.touch(order);
    this.notifyOrder(order, 'orders/fulfilled');
    this.notifyOrder(order, 'orders/updated');
    return order;
  }

  /**
   * A carrier's tracking event on the order's latest fulfillment (what a shipping app or the carrier
   * integration records on Shopify): fulfillment_events/create is delivered to its subscribers. A
   * 'DELIVERED' event sets the fulfillment's deliveredAt (the first one only, as Shopify keeps it).
   */
  addFulfillmentEvent(orderId: number | string, status: FulfillmentEventStatus, opts: { message?: string | null; happenedAt?: string } = {}): OrderRecord {
    const order = this.requireOrder(orderId);
    const fulfillment = order.fulfillments.at(-1);
    if (!fulfillment) throw new EmulatorError(409, `order ${order.id} has no fulfillment yet`);
    const now = this.nowIso();
    let happenedAt = now;
    if (opts.happenedAt !== undefined) {
      const t = Date.parse(opts.happenedAt);
      if (Number.isNaN(t)) throw new EmulatorError(400, 'happenedAt must be an ISO date-time');
      happenedAt = isoSeconds(new Date(t));
    }
    const event: FulfillmentEventRecord = { id: this.store.nextId(), status, message: opts.message ?? null, happenedAt, createdAt: now };
    (fulfillment.events ??= []).push(event);
    if (status === 'DELIVERED') fulfillment.deliveredAt ??= happenedAt;
    this.touch(order);
    const shop = this.requireShop(order.shop);
    this.notify(
      shop,
      'fulfillment_events/create',
      fulfillmentEventPayload(order, fulfillment, event, shop, (f) => this.approvesField(f)),
    );
    return order;
  }

  /** The 'Livrée' button: the carrier's delivery scan on a fulfilled order not delivered yet. */
  markDelivered(orderId: number | string): OrderRecord {
    const order = this.requireOrder(orderId);
    if (order.fulfillmentStatus !== 'FULFILLED') throw new EmulatorError(409, `order ${order.id} is not fulfilled`);
    if (isDelivered(order)) throw new EmulatorError(409, `order ${order.id} is already delivered`);
    return this.addFulfillmentEvent(order.id, 'DELIVERED', { message: 'Colis livré' });
  }

  cancel(orderId: number | string, opts: { reason?: string; refund?: boolean } = {}): OrderRecord {
    const order = this.requireOrder(orderId);
    if (order.cancelledAt) throw new EmulatorError(409, `order ${order.id} is already cancelled`);
    if (order.fulfillmentStatus === 'FULFILLED') throw new EmulatorError(409, `order ${order.id} is fulfilled and cannot be cancelled`);
    const now = this.nowIso();
    order.cancelledAt = now;
    order.closedAt = now;
    order.cancelReason = (opts.reason ?? 'customer').toLowerCase();
    let refund: OrderRecord['refunds'][number] | null = null;
    if (opts.refund && (order.financialStatus === 'PAID' || order.financialStatus === 'PARTIALLY_REFUNDED')) {
      refund = { id: this.store.nextId(), createdAt: now, amountCents: order.totalCents - order.refundedCents };
      order.refunds.push(refund);
      order.refundedCents = order.totalCents;
      order.financialStatus = 'REFUNDED';
    } else if (order.financialStatus === 'PENDING' || order.financialStatus === 'AUTHORIZED') {
      order.financialStatus = 'VOIDED';
    }
    this.touch(order);
    this.notifyOrder(order, 'orders/cancelled');
    if (refund) this.notify(this.requireShop(order.shop), 'refunds/create', refundPayload(order, refund));
    this.notifyOrder(order, 'orders/updated');
    return order;
  }

  refund(orderId: number | string, opts: { amountCents?: number } = {}): OrderRecord {
    const order = this.requireOrder(orderId);
    if (order.financialStatus !== 'PAID' && order.financialStatus !== 'PARTIALLY_REFUNDED') {
      throw new EmulatorError(409, `order ${order.id} has nothing to refund (${order.financialStatus})`);
    }
    const remaining = order.totalCents - order.refundedCents;
    const amount = opts.amountCents ?? remaining;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > remaining) {
      throw new EmulatorError(400, `refund amount must be between 0.01 and the remaining ${remaining / 100}`);
    }
    const refund = { id: this.store.nextId(), createdAt: this.nowIso(), amountCents: amount };
    order.refunds.push(refund);
    order.refundedCents += amount;
    order.financialStatus = order.refundedCents >= order.totalCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    this.touch(order);
    this.notify(this.requireShop(order.shop), 'refunds/create', refundPayload(order, refund));
    this.notifyOrder(order, 'orders/updated');
    return order;
  }

  private touch(order: OrderRecord): void {
    order.updatedAt = this.nowIso();
    this.commit();
  }

  // ---------------------------------------------------------------- installation, OAuth and tokens

  /** The merchant approved the consent screen: the app is installed; returns a single-use code. */
  approveInstall(shopDomain: string, scope: string, online: boolean): string {
    const shop = this.requireShop(shopDomain);
    const scopes = splitScopes(scope);
    const now = this.nowIso();
    if (!shop.installation || shop.installation.uninstalledAt) {
      shop.installation = { id: this.store.nextId(), scopes, installedAt: now, uninstalledAt: null };
    } else {
      shop.installation.scopes = [...new Set([...shop.installation.scopes, ...scopes])];
    }
    const nowMs = this.now().getTime();
    this.state.codes = this.state.codes.filter((c) => Date.parse(c.expiresAt) > nowMs);
    const code = randomHex(16);
    this.state.codes.push({ code, shop: shop.domain, scope: scopes.join(','), online, expiresAt: new Date(nowMs + CODE_TTL_MS).toISOString() });
    this.commit();
    return code;
  }

  /** True when an installed app already holds every requested scope (Shopify then skips the consent screen). */
  hasScopes(shop: ShopRecord, scope: string): boolean {
    if (!this.isInstalled(shop)) return false;
    const granted = new Set(shop.installation!.scopes);
    return splitScopes(scope).every((s) => granted.has(s) || (s.startsWith('read_') && granted.has(`write_${s.slice(5)}`)));
  }

  /** POST /admin/oauth/access_token. Returns the HTTP status and JSON body. */
  exchangeToken(shopDomain: string, params: Record<string, unknown>): { status: number; body: Record<string, unknown> } {
    const shop = this.resolveShop(shopDomain);
    const fail = (status: number, error: string, description: string) => ({ status, body: { error, error_description: description } });
    if (!shop) return fail(404, 'invalid_request', `unknown shop ${shopDomain}`);
    const str = (k: string) => (typeof params[k] === 'string' ? (params[k] as string) : typeof params[k] === 'number' ? String(params[k]) : undefined);
    if (str('client_id') !== this.app.apiKey || str('client_secret') !== this.app.apiSecret) {
      return fail(401, 'invalid_client', 'Client authentication failed: unknown client_id or wrong client_secret.');
    }
    const grant = str('grant_type');
    const nowMs = this.now().getTime();
    if (grant === undefined || grant === '' || grant === 'authorization_code') {
      const code = str('code');
      if (!code) return fail(400, 'invalid_request', 'The code parameter is required.');
      const idx = this.state.codes.findIndex((c) => c.code === code);
      const record = idx >= 0 ? this.state.codes[idx]! : undefined;
      if (idx >= 0) this.state.codes.splice(idx, 1); // single use, even when it turns out expired
      this.commit();
      if (!record || record.shop !== shop.domain || Date.parse(record.expiresAt) <= nowMs || !this.isInstalled(shop)) {
        return fail(400, 'invalid_grant', 'The authorization code is invalid, expired or already used.');
      }
      const expiring = params.expiring === '1' || params.expiring === 1 || params.expiring === true || params.expiring === 'true';
      // A new offline token revokes the shop's previous offline tokens and their refresh tokens,
      // as Shopify does: an app that runs OAuth again kills the token it had stored.
      if (!record.online) this.revokeOfflineTokens(shop);
      return { status: 200, body: this.issueTokens(shop, record.scope, { expiring, online: record.online }) as unknown as Record<string, unknown> };
    }
    if (grant === 'refresh_token') {
      const refresh = str('refresh_token');
      const record = refresh ? this.state.tokens.find((t) => t.refreshToken === refresh) : undefined;
      if (
        !record ||
        record.shop !== shop.domain ||
        record.refreshTokenUsedAt ||
        record.revokedAt ||
        (record.refreshTokenExpiresAt && Date.parse(record.refreshTokenExpiresAt) <= nowMs) ||
        !this.isInstalled(shop)
      ) {
        return fail(400, 'invalid_grant', 'The refresh token is invalid, expired or already used.');
      }
      record.refreshTokenUsedAt = this.nowIso();
      return { status: 200, body: this.issueTokens(shop, record.scope, { expiring: true, online: false }) as unknown as Record<string, unknown> };
    }
    return fail(400, 'unsupported_grant_type', `grant_type "${grant}" is not supported by the emulator.`);
  }

  issueTokens(shop: ShopRecord, scope: string, opts: { expiring: boolean; online: boolean }): TokenResponse {
    const now = this.now();
    const nowMs = now.getTime();
    const record: TokenRecord = {
      accessToken: `shpat_${randomHex(16)}`,
      shop: shop.domain,
      scope,
      createdAt: isoSeconds(now),
      expiresAt: null,
      refreshToken: null,
      refreshTokenExpiresAt: null,
      refreshTokenUsedAt: null,
      revokedAt: null,
      online: opts.online,
    };
    let response: TokenResponse;
    if (opts.online) {
      record.accessToken = `shpua_${randomHex(16)}`;
      record.expiresAt = new Date(nowMs + ONLINE_TOKEN_TTL_S * 1000).toISOString();
      response = {
        access_token: record.accessToken,
        scope,
        expires_in: ONLINE_TOKEN_TTL_S,
        associated_user_scope: scope,
        associated_user: {
          id: shop.id + 1,
          first_name: 'Camille',
          last_name: 'Martin',
          email: shop.email,
          email_verified: true,
          account_owner: true,
          locale: 'fr',
          collaborator: false,
        },
      };
    } else if (opts.expiring) {
      record.expiresAt = new Date(nowMs + ACCESS_TOKEN_TTL_S * 1000).toISOString();
      record.refreshToken = `shprt_${randomHex(16)}`;
      record.refreshTokenExpiresAt = new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString();
      response = {
        access_token: record.accessToken,
        scope,
        expires_in: ACCESS_TOKEN_TTL_S,
        refresh_token: record.refreshToken,
        refresh_token_expires_in: REFRESH_TOKEN_TTL_S,
      };
    } else {
      response = { access_token: record.accessToken, scope };
    }
    this.state.tokens.push(record);
    this.commit();
    return response;
  }

  /** Installs the app and issues an offline token without the browser (test shortcut). */
  installDirect(shopDomain: string, opts: { scope?: string; expiring?: boolean } = {}): TokenResponse {
    const shop = this.requireShop(shopDomain);
    const scope = splitScopes(opts.scope ?? 'read_orders').join(',');
    this.approveInstall(shop.domain, scope, false);
    // The code just created is not needed: tokens are issued directly.
    this.state.codes.pop();
    this.revokeOfflineTokens(shop);
    return this.issueTokens(shop, scope, { expiring: opts.expiring ?? true, online: false });
  }

  /** The token record for an Admin API call, or null (unknown, expired, revoked, other shop). */
  authenticate(shop: ShopRecord, accessToken: string | undefined): TokenRecord | null {
    if (!accessToken) return null;
    const record = this.state.tokens.find((t) => t.accessToken === accessToken);
    if (!record || record.shop !== shop.domain || record.revokedAt) return null;
    if (record.expiresAt && Date.parse(record.expiresAt) <= this.now().getTime()) return null;
    if (!this.isInstalled(shop)) return null;
    return record;
  }

  /** Revokes every live offline token of the shop (a new one is being issued). */
  private revokeOfflineTokens(shop: ShopRecord): void {
    const now = this.nowIso();
    for (const t of this.state.tokens) if (t.shop === shop.domain && !t.online && !t.revokedAt) t.revokedAt = now;
  }

  revokeToken(accessToken: string): boolean {
    const record = this.state.tokens.find((t) => t.accessToken === accessToken || t.refreshToken === accessToken);
    if (!record) return false;
    record.revokedAt ??= this.nowIso();
    this.commit();
    return true;
  }

  uninstall(shopDomain: string): void {
    const shop = this.requireShop(shopDomain);
    if (!this.isInstalled(shop)) throw new EmulatorError(409, `the app is not installed on ${shop.domain}`);
    const now = this.nowIso();
    shop.installation!.uninstalledAt = now;
    for (const t of this.state.tokens) if (t.shop === shop.domain && !t.revokedAt) t.revokedAt = now;
    for (const s of this.state.appSubscriptions) {
      if (s.shop === shop.domain && (s.status === 'ACTIVE' || s.status === 'PENDING' || s.status === 'FROZEN')) {
        s.status = 'CANCELLED';
        s.updatedAt = now;
      }
    }
    this.state.codes = this.state.codes.filter((c) => c.shop !== shop.domain);
    // Deliver app/uninstalled to the current subscriptions, then delete them.
    this.notify(shop, 'app/uninstalled', shopPayload(shop));
    this.state.webhookSubscriptions = this.state.webhookSubscriptions.filter((s) => s.shop !== shop.domain);
    this.buckets.delete(shop.domain);
    this.commit();
  }

  // ---------------------------------------------------------------- webhook subscriptions

  listWebhookSubscriptions(shop: string): WebhookSubscriptionRecord[] {
    return this.state.webhookSubscriptions.filter((s) => s.shop === shop);
  }

  createWebhookSubscription(
    shop: ShopRecord,
    topic: string,
    input: {
      uri?: string | null;
      callbackUrl?: string | null;
      format?: string | null;
      includeFields?: string[] | null;
      metafieldNamespaces?: string[] | null;
      filter?: string | null;
    },
    apiVersion: string,
  ): { subscription: WebhookSubscriptionRecord | null; userErrors: UserError[] } {
    const uri = input.uri ?? input.callbackUrl ?? '';
    const field = input.uri !== undefined && input.uri !== null ? 'uri' : 'callbackUrl';
    const errors = this.validateWebhookUri(uri, field);
    if (!restTopic(topic)) errors.push({ field: ['topic'], message: `Topic ${topic} is not supported` });
    if (errors.length === 0 && this.state.webhookSubscriptions.some((s) => s.shop === shop.domain && s.topic === topic && s.uri === uri)) {
      errors.push({ field: ['webhookSubscription', field], message: 'Address for this topic has already been taken' });
    }
    if (errors.length > 0) return { subscription: null, userErrors: errors };
    const now = this.nowIso();
    const sub: WebhookSubscriptionRecord = {
      id: this.store.nextId(),
      shop: shop.domain,
      topic,
      uri,
      format: input.format === 'XML' ? 'XML' : 'JSON',
      includeFields: input.includeFields ?? [],
      metafieldNamespaces: input.metafieldNamespaces ?? [],
      filter: input.filter ?? null,
      apiVersion,
      createdVia: 'api',
      createdAt: now,
      updatedAt: now,
    };
    this.state.webhookSubscriptions.push(sub);
    this.commit();
    return { subscription: sub, userErrors: [] };
  }

  updateWebhookSubscription(
    shop: ShopRecord,
    id: number | null,
    input: {
      uri?: string | null;
      callbackUrl?: string | null;
      format?: string | null;
      includeFields?: string[] | null;
      metafieldNamespaces?: string[] | null;
      filter?: string | null;
    },
  ): { subscription: WebhookSubscriptionRecord | null; userErrors: UserError[] } {
    const sub = this.state.webhookSubscriptions.find((s) => s.id === id && s.shop === shop.domain);
    if (!sub) return { subscription: null, userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }] };
    const uri = input.uri ?? input.callbackUrl;
    if (uri !== undefined && uri !== null) {
      const errors = this.validateWebhookUri(uri, input.uri ? 'uri' : 'callbackUrl');
      if (this.state.webhookSubscriptions.some((s) => s !== sub && s.shop === shop.domain && s.topic === sub.topic && s.uri === uri)) {
        errors.push({ field: ['webhookSubscription', 'uri'], message: 'Address for this topic has already been taken' });
      }
      if (errors.length > 0) return { subscription: null, userErrors: errors };
      sub.uri = uri;
    }
    if (input.format) sub.format = input.format === 'XML' ? 'XML' : 'JSON';
    if (input.includeFields) sub.includeFields = input.includeFields;
    if (input.metafieldNamespaces) sub.metafieldNamespaces = input.metafieldNamespaces;
    if (input.filter !== undefined) sub.filter = input.filter;
    sub.updatedAt = this.nowIso();
    this.commit();
    return { subscription: sub, userErrors: [] };
  }

  deleteWebhookSubscription(shop: ShopRecord, id: number | null): boolean {
    const before = this.state.webhookSubscriptions.length;
    this.state.webhookSubscriptions = this.state.webhookSubscriptions.filter((s) => !(s.id === id && s.shop === shop.domain));
    const removed = this.state.webhookSubscriptions.length < before;
    if (removed) this.commit();
    return removed;
  }

  private validateWebhookUri(uri: string, field: string): UserError[] {
    let url: URL | null;
    try {
      url = new URL(uri);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      return [{ field: ['webhookSubscription', field], message: 'Address is invalid' }];
    }
    return [];
  }

  // ---------------------------------------------------------------- webhook delivery

  /** Delivers a topic's payload to the shop's subscriptions of that topic. */
  notify(shop: ShopRecord, topic: string, payload: Record<string, unknown>): DeliveryRecord[] {
    const targets: DeliveryTarget[] = this.state.webhookSubscriptions
      .filter((s) => s.shop === shop.domain && restTopic(s.topic) === topic)
      .map((s) => ({ uri: s.uri, subscriptionId: s.id, apiVersion: s.apiVersion, includeFields: s.includeFields }));
    if (targets.length === 0) return [];
    return this.dispatcher.enqueue(shop.domain, topic, payload, targets);
  }

  private notifyOrder(order: OrderRecord, topic: string): void {
    const shop = this.requireShop(order.shop);
    this.notify(
      shop,
      topic,
      orderPayload(order, this.findCustomer(order.shop, order.customerId), (f) => this.approvesField(f)),
    );
  }

  private onDeliveryAbandoned(delivery: DeliveryRecord): void {
    if (delivery.subscriptionId === null) return;
    const sub = this.state.webhookSubscriptions.find((s) => s.id === delivery.subscriptionId);
    if (sub && sub.createdVia === 'api') {
      this.state.webhookSubscriptions = this.state.webhookSubscriptions.filter((s) => s !== sub);
      this.commit();
    }
  }

  dropNextDeliveries(count: number): void {
    this.dispatcher.dropNext(count);
  }

  // ---------------------------------------------------------------- compliance

  raiseCompliance(shopDomain: string, topic: ComplianceTopic, opts: { customerId?: number | string; orderIds?: number[] } = {}): DeliveryRecord[] {
    const shop = this.requireShop(shopDomain);
    if (!shop.installation) throw new EmulatorError(409, `the app was never installed on ${shop.domain}`);
    let payload: Record<string, unknown>;
    if (topic === 'shop/redact') {
      payload = shopRedactPayload(shop);
    } else {
      if (opts.customerId === undefined) throw new EmulatorError(400, `${topic} needs a customerId`);
      const id = typeof opts.customerId === 'number' ? opts.customerId : Number(String(opts.customerId).replace(/^gid:\/\/shopify\/Customer\//, ''));
      const customer = this.findCustomer(shop.domain, Number.isSafeInteger(id) ? id : -1);
      if (!customer) throw new EmulatorError(404, `unknown customer ${opts.customerId} in ${shop.domain}`);
      const orders = opts.orderIds ?? this.state.orders.filter((o) => o.shop === shop.domain && o.customerId === customer.id).map((o) => o.id);
      payload = topic === 'customers/data_request' ? dataRequestPayload(shop, customer, orders, this.store.nextId()) : customerRedactPayload(shop, customer, orders);
      this.commit();
    }
    return this.dispatcher.enqueue(shop.domain, topic, payload, [{ uri: this.state.app.complianceUri, subscriptionId: null, apiVersion: DEFAULT_API_VERSION }]);
  }

  // ---------------------------------------------------------------- billing

  createAppSubscription(shop: ShopRecord, input: NewAppSubscriptionInput): { subscription: AppSubscriptionRecord | null; userErrors: UserError[] } {
    const errors: UserError[] = [];
    if (!input.name?.trim()) errors.push({ field: ['name'], message: "Name can't be blank" });
    try {
      assertHttpUrl(input.returnUrl, 'returnUrl');
    } catch {
      errors.push({ field: ['returnUrl'], message: 'Return url is invalid' });
    }
    const trialDays = input.trialDays ?? 0;
    if (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > 1000) errors.push({ field: ['trialDays'], message: 'Trial days must be between 0 and 1000' });
    if (!input.lineItems?.length) errors.push({ field: ['lineItems'], message: "Line items can't be blank" });
    const items: SubscriptionLineItemRecord[] = [];
    (input.lineItems ?? []).forEach((li, i) => {
      const rec = li.plan.appRecurringPricingDetails;
      const usage = li.plan.appUsagePricingDetails;
      if (!!rec === !!usage) {
        errors.push({ field: ['lineItems', String(i), 'plan'], message: 'A plan must have exactly one of appRecurringPricingDetails or appUsagePricingDetails' });
        return;
      }
      if (rec) {
        const cents = decimalToCents(rec.price.amount);
        if (cents === null || cents <= 0) {
          errors.push({ field: ['lineItems', String(i), 'plan', 'appRecurringPricingDetails', 'price', 'amount'], message: 'Price must be greater than 0' });
          return;
        }
        const d = rec.discount;
        items.push({
          id: this.store.nextId(),
          kind: 'recurring',
          amountCents: cents,
          currency: rec.price.currencyCode,
          interval: rec.interval === 'ANNUAL' ? 'ANNUAL' : 'EVERY_30_DAYS',
          discount: d
            ? {
                durationLimitInIntervals: d.durationLimitInIntervals ?? null,
                amountCents: d.value?.amount !== undefined && d.value?.amount !== null ? decimalToCents(d.value.amount) : null,
                percentage: d.value?.percentage ?? null,
              }
            : null,
        });
      } else if (usage) {
        const cents = decimalToCents(usage.cappedAmount.amount);
        if (cents === null || cents <= 0) {
          errors.push({ field: ['lineItems', String(i), 'plan', 'appUsagePricingDetails', 'cappedAmount', 'amount'], message: 'Capped amount must be greater than 0' });
          return;
        }
        items.push({ id: this.store.nextId(), kind: 'usage', cappedCents: cents, currency: usage.cappedAmount.currencyCode, terms: usage.terms, balanceUsedCents: 0 });
      }
    });
    if (items.filter((i) => i.kind === 'recurring').length > 1 || items.filter((i) => i.kind === 'usage').length > 1) {
      errors.push({ field: ['lineItems'], message: 'At most one recurring and one usage line item are allowed' });
    }
    if (errors.length > 0) return { subscription: null, userErrors: errors };
    const now = this.nowIso();
    const sub: AppSubscriptionRecord = {
      id: this.store.nextId(),
      shop: shop.domain,
      name: input.name.trim(),
      status: 'PENDING',
      test: input.test ?? false,
      trialDays,
      returnUrl: input.returnUrl,
      createdAt: now,
      updatedAt: now,
      activatedAt: null,
      currentPeriodEnd: null,
      lineItems: items,
    };
    this.state.appSubscriptions.push(sub);
    this.commit();
    return { subscription: sub, userErrors: [] };
  }

  confirmationUrl(sub: AppSubscriptionRecord): string {
    return `${this.baseUrl}/store/${sub.shop}/admin/charges/${sub.id}/confirm`;
  }

  requireAppSubscription(shopDomain: string, id: number | string): AppSubscriptionRecord {
    this.expireStaleCharges();
    const shop = this.requireShop(shopDomain);
    const n = typeof id === 'number' ? id : Number(String(id).replace(/^gid:\/\/shopify\/AppSubscription\//, ''));
    const sub = this.state.appSubscriptions.find((s) => s.id === n && s.shop === shop.domain);
    if (!sub) throw new EmulatorError(404, `unknown app subscription ${id} on ${shop.domain}`);
    return sub;
  }

  /**
   * An active recurring subscription without the confirmation page (test and demo shortcut, like
   * installDirect): what an approved charge leaves behind, with the period end the caller gives.
   * Any other active subscription of the shop is cancelled, as an approval does.
   */
  subscribeDirect(shopDomain: string, input: { name: string; amountCents: number; currency: string; currentPeriodEnd: string; test?: boolean }): AppSubscriptionRecord {
    const shop = this.requireShop(shopDomain);
    if (!this.isInstalled(shop)) throw new EmulatorError(409, `the app is not installed on ${shop.domain}`);
    const now = this.nowIso();
    for (const other of this.state.appSubscriptions) {
      if (other.shop === shop.domain && other.status === 'ACTIVE') {
        other.status = 'CANCELLED';
        other.updatedAt = now;
      }
    }
    const sub: AppSubscriptionRecord = {
      id: this.store.nextId(),
      shop: shop.domain,
      name: input.name,
      status: 'ACTIVE',
      test: input.test ?? true,
      trialDays: 0,
      returnUrl: `${this.baseUrl}/store/${shop.domain}/admin/apps`,
      createdAt: now,
      updatedAt: now,
      activatedAt: now,
      currentPeriodEnd: input.currentPeriodEnd,
      lineItems: [{ id: this.store.nextId(), kind: 'recurring', amountCents: input.amountCents, currency: input.currency, interval: 'EVERY_30_DAYS', discount: null }],
    };
    this.state.appSubscriptions.push(sub);
    this.commit();
    return sub;
  }

  /** The merchant approves a pending charge; returns the URL to send the browser to. */
  approveAppSubscription(shopDomain: string, id: number | string): string {
    const sub = this.requireAppSubscription(shopDomain, id);
    const shop = this.requireShop(sub.shop);
    if (sub.status !== 'PENDING') throw new EmulatorError(409, `subscription ${sub.id} is ${sub.status}, not PENDING`);
    if (!this.isInstalled(shop)) throw new EmulatorError(409, `the app is not installed on ${shop.domain}`);
    const now = this.nowIso();
    for (const other of this.state.appSubscriptions) {
      if (other !== sub && other.shop === shop.domain && other.status === 'ACTIVE') {
        other.status = 'CANCELLED';
        other.updatedAt = now;
        this.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(other, shop));
      }
    }
    sub.status = 'ACTIVE';
    sub.activatedAt = now;
    const recurring = sub.lineItems.find((l) => l.kind === 'recurring');
    const periodDays = recurring && recurring.kind === 'recurring' && recurring.interval === 'ANNUAL' ? 365 : 30;
    sub.currentPeriodEnd = addDays(now, sub.trialDays + periodDays);
    sub.updatedAt = now;
    this.commit();
    this.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
    return withChargeId(sub);
  }

  /**
   * The merchant declines a pending charge. Like Shopify, the browser goes back to the shop's admin
   * (its apps page), not to the app's returnUrl: the app learns it from app_subscriptions/update or
   * by reading the subscriptions. Returns that admin URL.
   */
  declineAppSubscription(shopDomain: string, id: number | string): string {
    const sub = this.requireAppSubscription(shopDomain, id);
    const shop = this.requireShop(sub.shop);
    if (sub.status !== 'PENDING') throw new EmulatorError(409, `subscription ${sub.id} is ${sub.status}, not PENDING`);
    sub.status = 'DECLINED';
    sub.updatedAt = this.nowIso();
    this.commit();
    this.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
    return `${this.adminUrl(shop)}?notice=charge_declined`;
  }

  /** Pending charges older than 2 days become EXPIRED (Shopify expires them), each with its update. */
  expireStaleCharges(): void {
    const cutoff = this.now().getTime() - PENDING_CHARGE_TTL_MS;
    for (const sub of this.state.appSubscriptions) {
      if (sub.status !== 'PENDING' || Date.parse(sub.createdAt) > cutoff) continue;
      sub.status = 'EXPIRED';
      sub.updatedAt = this.nowIso();
      this.commit();
      const shop = this.findShop(sub.shop);
      if (shop) this.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
    }
  }

  // ---------------------------------------------------------------- protected customer data

  get protectedData(): ProtectedCustomerDataApproval {
    return this.state.app.protectedCustomerData ?? NO_PROTECTED_DATA;
  }

  /** Level 1: customer data (orders, customers) without the protected fields. */
  approvesCustomerData(): boolean {
    return this.protectedData.level >= 1;
  }

  /** Level 2 with this field. */
  approvesField(field: ProtectedField): boolean {
    return this.protectedData.level >= 2 && this.protectedData.fields.includes(field);
  }

  cancelAppSubscription(shop: ShopRecord, id: number | null): { subscription: AppSubscriptionRecord | null; userErrors: UserError[] } {
    const sub = this.state.appSubscriptions.find((s) => s.id === id && s.shop === shop.domain);
    if (!sub) return { subscription: null, userErrors: [{ field: ['id'], message: 'Subscription not found' }] };
    if (sub.status !== 'ACTIVE' && sub.status !== 'PENDING' && sub.status !== 'FROZEN') {
      return { subscription: null, userErrors: [{ field: ['id'], message: `Subscription is ${sub.status.toLowerCase()} and cannot be cancelled` }] };
    }
    sub.status = 'CANCELLED';
    sub.updatedAt = this.nowIso();
    this.commit();
    this.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
    return { subscription: sub, userErrors: [] };
  }

  // ---------------------------------------------------------------- rate limiting

  /** The next `count` GraphQL calls (of one shop, or any) answer THROTTLED; replaces the previous count, 0 clears it. */
  forceThrottle(count: number, shop?: string): void {
    const domain = shop ? this.normalizeDomain(shop) : undefined;
    for (const f of this.faults.list()) {
      if (f.fault === 'THROTTLED' && !f.operation && f.shop === domain) this.faults.clear({ id: f.id });
    }
    if (count > 0) this.faults.add({ fault: 'THROTTLED', shop: domain, count });
  }

  /** Adds a fault (control API); its shop must exist. */
  injectFault(input: FaultInput): Fault {
    const shop = input.shop === undefined ? undefined : this.requireShop(input.shop).domain;
    return this.faults.add({ ...input, shop });
  }

  /** The shop's leaky bucket, restored up to now. */
  bucket(shop: string): { available: number; at: number } {
    const nowMs = this.now().getTime();
    const b = this.buckets.get(shop) ?? { available: BUCKET_MAX, at: nowMs };
    const restored = Math.min(BUCKET_MAX, b.available + ((nowMs - b.at) / 1000) * BUCKET_RESTORE_PER_S);
    const next = { available: Math.max(0, restored), at: nowMs };
    this.buckets.set(shop, next);
    return next;
  }

  // ---------------------------------------------------------------- reset

  async reset(): Promise<void> {
    await this.dispatcher.clear();
    this.faults.reset();
    this.buckets.clear();
    const app = { ...this.state.app };
    this.store.replace({ ...emptyState(app) });
    this.seed();
  }

  // ---------------------------------------------------------------- GraphQL helpers

  ordersVisibleTo(shop: string, token: TokenRecord): OrderRecord[] {
    const scopes = splitScopes(token.scope);
    const all = scopes.includes('read_all_orders') || scopes.includes('write_all_orders');
    const cutoff = this.now().getTime() - ORDERS_WINDOW_DAYS * 86_400_000;
    return this.state.orders.filter((o) => o.shop === shop && (all || Date.parse(o.createdAt) >= cutoff));
  }

  shopGid(shop: ShopRecord): string {
    return gid('Shop', shop.id);
  }
}

function checkApproval(input: ProtectedCustomerDataApproval): ProtectedCustomerDataApproval {
  if (![0, 1, 2].includes(input.level)) throw new EmulatorError(400, 'protectedCustomerData.level must be 0, 1 or 2');
  const unknown = input.fields.filter((f) => !PROTECTED_FIELDS.includes(f));
  if (unknown.length > 0) throw new EmulatorError(400, `unknown protected fields: ${unknown.join(', ')} (name, email, phone, address)`);
  return { level: input.level, fields: input.level === 2 ? [...new Set(input.fields)] : [] };
}

/** Every fulfillment of the order was delivered (and there is one). */
export function isDelivered(order: OrderRecord): boolean {
  return order.fulfillments.length > 0 && order.fulfillments.every((f) => Boolean(f.deliveredAt));
}

export function splitScopes(scope: string): string[] {
  return [
    ...new Set(
      scope
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function withChargeId(sub: AppSubscriptionRecord): string {
  const url = new URL(sub.returnUrl);
  url.searchParams.set('charge_id', String(sub.id));
  return url.toString();
}

function assertHttpUrl(value: string, field: string): void {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EmulatorError(400, `${field} must be an absolute http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EmulatorError(400, `${field} must be an absolute http(s) URL`);
}

function decimalToCents(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 100);
  return null;
}
