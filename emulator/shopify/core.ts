// The emulator's behaviour, composed: one object over the shared state that routes, pages, GraphQL
// resolvers and the in-process state API all call. Each area's rules live in areas/*.ts (shops,
// orders, installation and tokens, webhooks, billing, app configuration, limits); a method here only
// hands itself to its area, so an area reaches the others through this object and never imports them.
import * as appConfig from './areas/app';
import * as billing from './areas/billing';
import * as installation from './areas/installation';
import * as limits from './areas/limits';
import * as orders from './areas/orders';
import { DEMO_SHOP, type CoreOptions, type CreateCustomerInput, type CreateOrderInput, type CreateShopInput, type NewAppSubscriptionInput } from './areas/shared';
import * as shops from './areas/shops';
import * as webhooks from './areas/webhooks';
import { FaultRegistry, type FaultInput } from './faults';
import { isoSeconds } from './format';
import type { SessionTokenFault } from './session-tokens';
import { Store, emptyState } from './store';
import type {
  AppConfigRecord,
  AppSubscriptionRecord,
  ComplianceTopic,
  DeliveryRecord,
  FulfillmentEventStatus,
  OrderRecord,
  ProtectedField,
  ShopRecord,
  TokenGrant,
  TokenRecord,
} from './types';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDispatcher } from './webhooks';

export class EmulatorCore {
  readonly store: Store;
  readonly dispatcher: WebhookDispatcher;
  readonly baseUrl: string;
  readonly basePath: string;
  readonly app: CoreOptions['app'];
  readonly now: () => Date;
  /** Faults injected through the control API (faults.ts). */
  readonly faults = new FaultRegistry();
  /** Each shop's GraphQL cost bucket (areas/limits.ts); emptied when the app is uninstalled. */
  readonly buckets = new Map<string, { available: number; at: number }>();
  /** True when the shops' storefronts are served (storefront/routes.ts): the admin and control pages link to them. */
  storefrontServed = false;

  constructor(options: CoreOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.basePath = new URL(this.baseUrl).pathname.replace(/\/+$/, '');
    this.app = options.app;
    this.now = options.now ?? (() => new Date());
    this.store = new Store(options.statePath, appConfig.defaultAppConfig(this));
    // The app's approval is the Partner Dashboard's, given by whoever creates the emulator.
    if (options.app.protectedCustomerData) this.state.app.protectedCustomerData = appConfig.checkApproval(options.app.protectedCustomerData);
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.dispatcher = new WebhookDispatcher({
      secret: () => this.app.apiSecret,
      fetch: fetchImpl,
      now: this.now,
      retryDelaysMs: options.webhookRetryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
      onAbandoned: (d) => webhooks.onDeliveryAbandoned(this, d),
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

  /** Writes the state to its file (when it has one): every area calls it after a change. */
  commit(): void {
    this.store.save();
  }

  private seed(): void {
    this.createShop(DEMO_SHOP);
  }

  async reset(): Promise<void> {
    await this.dispatcher.clear();
    this.faults.reset();
    this.buckets.clear();
    const app = { ...this.state.app };
    this.store.replace({ ...emptyState(app) });
    this.seed();
  }

  // ---------------------------------------------------------------- app configuration (areas/app.ts)

  setAppConfig(input: Partial<AppConfigRecord>) {
    return appConfig.setAppConfig(this, input);
  }
  get protectedData() {
    return appConfig.protectedData(this);
  }
  approvesCustomerData() {
    return appConfig.approvesCustomerData(this);
  }
  approvesField(field: ProtectedField) {
    return appConfig.approvesField(this, field);
  }

  // ---------------------------------------------------------------- shops (areas/shops.ts)

  normalizeDomain(input: string) {
    return shops.normalizeDomain(input);
  }
  createShop(input: CreateShopInput) {
    return shops.createShop(this, input);
  }
  findShop(domain: string) {
    return shops.findShop(this, domain);
  }
  resolveShop(param: string) {
    return shops.resolveShop(this, param);
  }
  requireShop(domain: string) {
    return shops.requireShop(this, domain);
  }
  isInstalled(shop: ShopRecord) {
    return shops.isInstalled(this, shop);
  }
  installLink(shopDomain: string) {
    return shops.installLink(this, shopDomain);
  }
  adminUrl(shop: ShopRecord) {
    return shops.adminUrl(this, shop);
  }
  shopGid(shop: ShopRecord) {
    return shops.shopGid(shop);
  }

  // ---------------------------------------------------------------- customers and orders (areas/orders.ts)

  createCustomer(shopDomain: string, input: CreateCustomerInput, notify = true) {
    return orders.createCustomer(this, shopDomain, input, notify);
  }
  findCustomer(shop: string, id: number | null) {
    return orders.findCustomer(this, shop, id);
  }
  createOrder(shopDomain: string, input: CreateOrderInput) {
    return orders.createOrder(this, shopDomain, input);
  }
  requireOrder(orderId: number | string) {
    return orders.requireOrder(this, orderId);
  }
  markPaid(orderId: number | string) {
    return orders.markPaid(this, orderId);
  }
  fulfil(orderId: number | string) {
    return orders.fulfil(this, orderId);
  }
  addFulfillmentEvent(orderId: number | string, status: FulfillmentEventStatus, opts?: { message?: string | null; happenedAt?: string }) {
    return orders.addFulfillmentEvent(this, orderId, status, opts);
  }
  markDelivered(orderId: number | string) {
    return orders.markDelivered(this, orderId);
  }
  cancel(orderId: number | string, opts?: { reason?: string; refund?: boolean }) {
    return orders.cancel(this, orderId, opts);
  }
  refund(orderId: number | string, opts?: { amountCents?: number }) {
    return orders.refund(this, orderId, opts);
  }
  ordersVisibleTo(shop: string, token: TokenRecord): OrderRecord[] {
    return orders.ordersVisibleTo(this, shop, token);
  }

  // ---------------------------------------------------------------- installation, OAuth and tokens (areas/installation.ts)

  approveInstall(shopDomain: string, scope: string, online: boolean) {
    return installation.approveInstall(this, shopDomain, scope, online);
  }
  hasScopes(shop: ShopRecord, scope: string) {
    return installation.hasScopes(this, shop, scope);
  }
  exchangeToken(shopDomain: string, params: Record<string, unknown>) {
    return installation.exchangeToken(this, shopDomain, params);
  }
  issueTokens(shop: ShopRecord, scope: string, opts: { expiring: boolean; online: boolean; grant: TokenGrant }) {
    return installation.issueTokens(this, shop, scope, opts);
  }
  installManaged(shopDomain: string) {
    return installation.installManaged(this, shopDomain);
  }
  installDirect(shopDomain: string, opts?: { scope?: string; expiring?: boolean }) {
    return installation.installDirect(this, shopDomain, opts);
  }
  mintSessionToken(shopDomain: string, opts?: { userId?: string; sessionId?: string; fault?: SessionTokenFault }) {
    return installation.mintShopSessionToken(this, shopDomain, opts);
  }
  authenticate(shop: ShopRecord, accessToken: string | undefined) {
    return installation.authenticate(this, shop, accessToken);
  }
  revokeToken(accessToken: string) {
    return installation.revokeToken(this, accessToken);
  }
  uninstall(shopDomain: string) {
    installation.uninstall(this, shopDomain);
  }

  // ---------------------------------------------------------------- webhooks and compliance (areas/webhooks.ts)

  listWebhookSubscriptions(shop: string) {
    return webhooks.listWebhookSubscriptions(this, shop);
  }
  createWebhookSubscription(shop: ShopRecord, topic: string, input: webhooks.WebhookSubscriptionInput, apiVersion: string) {
    return webhooks.createWebhookSubscription(this, shop, topic, input, apiVersion);
  }
  updateWebhookSubscription(shop: ShopRecord, id: number | null, input: webhooks.WebhookSubscriptionInput) {
    return webhooks.updateWebhookSubscription(this, shop, id, input);
  }
  deleteWebhookSubscription(shop: ShopRecord, id: number | null) {
    return webhooks.deleteWebhookSubscription(this, shop, id);
  }
  notify(shop: ShopRecord, topic: string, payload: Record<string, unknown>): DeliveryRecord[] {
    return webhooks.notify(this, shop, topic, payload);
  }
  dropNextDeliveries(count: number): void {
    this.dispatcher.dropNext(count);
  }
  raiseCompliance(shopDomain: string, topic: ComplianceTopic, opts?: { customerId?: number | string; orderIds?: number[] }) {
    return webhooks.raiseCompliance(this, shopDomain, topic, opts);
  }

  // ---------------------------------------------------------------- billing (areas/billing.ts)

  createAppSubscription(shop: ShopRecord, input: NewAppSubscriptionInput) {
    return billing.createAppSubscription(this, shop, input);
  }
  confirmationUrl(sub: AppSubscriptionRecord) {
    return billing.confirmationUrl(this, sub);
  }
  requireAppSubscription(shopDomain: string, id: number | string) {
    return billing.requireAppSubscription(this, shopDomain, id);
  }
  subscribeDirect(shopDomain: string, input: Parameters<typeof billing.subscribeDirect>[2]) {
    return billing.subscribeDirect(this, shopDomain, input);
  }
  approveAppSubscription(shopDomain: string, id: number | string) {
    return billing.approveAppSubscription(this, shopDomain, id);
  }
  declineAppSubscription(shopDomain: string, id: number | string) {
    return billing.declineAppSubscription(this, shopDomain, id);
  }
  expireStaleCharges(): void {
    billing.expireStaleCharges(this);
  }
  cancelAppSubscription(shop: ShopRecord, id: number | null) {
    return billing.cancelAppSubscription(this, shop, id);
  }

  // ---------------------------------------------------------------- rate limiting and faults (areas/limits.ts)

  forceThrottle(count: number, shop?: string): void {
    limits.forceThrottle(this, count, shop);
  }
  injectFault(input: FaultInput) {
    return limits.injectFault(this, input);
  }
  bucket(shop: string) {
    return limits.bucket(this, shop);
  }
}
