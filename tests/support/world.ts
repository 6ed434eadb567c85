/**
 * One test world for integration tests: chained, typed builders that insert what the product would
 * hold, step by step: an account, its store (on a plan, with a quota, a daily limit, a subscription
 * status), the store's settings (templates, texts, branding, rating actions, alert recipients), its
 * flows, orders, review requests and reviews, its unsubscribed addresses, excluded orders and usage
 * counters, and a signed webhook delivery for the store's shop. Each step returns plain rows; each call makes unique data (domains, e-mails, order
 * numbers, tokens), so tests sharing a database never collide.
 *
 *   const w = await world(ctx).merchant().store({ quota: 300 });
 *   const order = await w.order();
 *   const request = await w.request({ order });
 *   const review = await w.review({ request, rating: 5 });
 *
 * A test that needs a row no builder should produce (a corrupt payload, an impossible state) inserts it
 * itself and says why.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client';
import { PLAN_SEED } from '#db/plans';
import * as s from '#db/schema';
import { newPublicToken } from '#server/security/tokens';
import { shownOnStorefront, type ReviewOrigin } from '#core/review-origin';
import { Browserish, uniqueEmail } from './http';
import { deliverWebhook, type DeliveryOptions, type Requestable } from './shopify-webhook';

export type UserRow = typeof s.user.$inferSelect;
export type StoreRow = typeof s.shopifyStores.$inferSelect;
export type FlowRow = typeof s.flowConfigurations.$inferSelect;
export type OrderRow = typeof s.shopifyOrders.$inferSelect;
export type RequestRow = typeof s.shopifyReviewRequests.$inferSelect;
export type ReviewRow = typeof s.shopifyReviews.$inferSelect;
type PlanCode = (typeof PLAN_SEED)[number]['code'];

/** What the world needs of a test context: its database, and its configuration for webhook signatures. */
export interface WorldSource {
  db: Database;
  config?: { shopify: { apiSecret: string } };
}

/** A store's plan and sending limit. */
export type PlanOptions = Pick<StoreOptions, 'quota' | 'plan' | 'dailyLimit' | 'periodStart'>;

export interface StoreOptions {
  /** Monthly e-mail quota; null = unlimited. Default: the Starter plan's (300). */
  quota?: number | null;
  /** The shop_plans row's plan; default: the seeded plan with that quota (Starter otherwise). null: no plan row (not subscribed yet). */
  plan?: PlanCode | (string & {}) | null;
  /** store_email_config.daily_send_limit; no config row when left out (the product's default limit applies). */
  dailyLimit?: number;
  /** Default 'active' (subscribed: the sender sends for it). */
  subscriptionStatus?: StoreRow['subscriptionStatus'];
  shopName?: string;
  /** Default: a unique `shop-<tag>.myshopify.com`. */
  shopDomain?: string;
  /** Start of the plan's 30-day period; default: yesterday. */
  periodStart?: Date;
  /** Any other column of the store row. */
  row?: Partial<typeof s.shopifyStores.$inferInsert>;
}

export interface AccountOptions {
  name?: string;
  email?: string;
}

export interface SignedInOptions {
  email?: string;
  name?: string;
  password?: string;
  /** The client's address (X-Forwarded-For), for apps that trust the proxy. */
  ip?: string;
}

export const MERCHANT_PASSWORD = 'Lumiere-des-Avis-2025';

let seq = 0;
/** Short, unique across calls and processes sharing a database. */
const tag = () => `${randomUUID().slice(0, 6)}${(++seq).toString(36)}`;
let orderSeq = 1000;

export function world(source: WorldSource | Database): World {
  return new World('db' in source ? source : { db: source });
}

export class World {
  constructor(readonly source: WorldSource) {}

  get db(): Database {
    return this.source.db;
  }

  /** An account made directly in the database (no session): for tests of services and jobs. */
  merchant(options: AccountOptions = {}): AccountStep {
    return new AccountStep(this, async () => {
      const id = randomUUID();
      const t = id.slice(0, 8);
      const [user] = await this.db
        .insert(s.user)
        .values({ id, name: options.name ?? `Marchand ${t}`, email: options.email ?? `marchand-${t}@exemple.test` })
        .returning();
      return { user: user!, browser: undefined };
    });
  }

  /** An account signed up through the real auth routes of `app`, with its browser (session cookie kept). */
  signedIn(app: ConstructorParameters<typeof Browserish>[0], options: SignedInOptions = {}): AccountStep<Browserish> {
    return new AccountStep(this, async () => {
      const browser = new Browserish(app, options.ip);
      const email = options.email ?? uniqueEmail();
      const signed = await browser.json<{ user: { id: string } }>('/api/auth/sign-up/email', {
        json: { name: options.name ?? 'M', email, password: options.password ?? MERCHANT_PASSWORD },
      });
      if (signed.status !== 200) throw new Error(`sign-up failed: ${signed.status} ${JSON.stringify(signed.body)}`);
      const [user] = await this.db.select().from(s.user).where(eq(s.user.id, signed.body.user.id));
      return { user: user!, browser };
    });
  }

  /** An account that already exists (one signed up through the app, say): its stores are built on it. */
  account(userId: string): AccountStep {
    return new AccountStep(this, async () => {
      const [user] = await this.db.select().from(s.user).where(eq(s.user.id, userId));
      if (!user) throw new Error(`world.account: no account ${userId}`);
      return { user, browser: undefined };
    });
  }

  /** The builders of a store that already exists (one the install flow connected, say). */
  at<B extends Browserish | undefined = undefined>(store: StoreRow, browser?: B): StoreWorld<B> {
    return new StoreWorld(this, store, browser as B);
  }

  /**
   * A signed webhook delivery as Shopify makes it (tests/support/shopify-webhook.ts), posted to `app`:
   * topic orders/paid and the app's secret unless given.
   */
  deliver(app: Requestable, delivery: Omit<DeliveryOptions, 'secret' | 'topic'> & { secret?: string; topic?: string }, origin = ''): Promise<Response> {
    const secret = delivery.secret ?? this.source.config?.shopify.apiSecret;
    if (secret === undefined) throw new Error('world.deliver: no secret (pass one, or build the world from a test context)');
    return deliverWebhook(app, { ...delivery, topic: delivery.topic ?? 'orders/paid', secret }, origin);
  }
}

export class AccountStep<B extends Browserish | undefined = undefined> {
  private made?: Promise<{ user: UserRow; browser: B }>;
  constructor(
    private readonly w: World,
    private readonly make: () => Promise<{ user: UserRow; browser: B | undefined }>,
  ) {}

  /** The account alone (no store): its user row, and the browser when signed in. */
  account(): Promise<{ user: UserRow; browser: B }> {
    this.made ??= this.make() as Promise<{ user: UserRow; browser: B }>;
    return this.made;
  }

  /** The account's active store, subscribed on a plan by default. */
  async store(options: StoreOptions = {}): Promise<StoreWorld<B>> {
    const { user, browser } = await this.account();
    const t = tag();
    const [store] = await this.w.db
      .insert(s.shopifyStores)
      .values({
        userId: user.id,
        shopDomain: options.shopDomain ?? `shop-${t}.myshopify.com`,
        shopName: options.shopName ?? `Boutique ${t}`,
        subscriptionStatus: options.subscriptionStatus ?? 'active',
        ...options.row,
      })
      .returning();
    const made = new StoreWorld(this.w, store!, browser, user);
    await made.plan(options);
    return made;
  }
}

/** Inserts the store's plan row as StoreOptions say. */
async function planRows(db: Database, store: StoreRow, options: PlanOptions) {
  const quota = options.quota === undefined ? 300 : options.quota;
  const plan = options.plan === undefined ? (PLAN_SEED.find((p) => p.emailQuota === quota)?.code ?? 'starter') : options.plan;
  if (plan !== null) {
    const periodStart = options.periodStart ?? new Date(Date.now() - 86_400_000);
    await db.insert(s.shopPlans).values({ shopDomain: store.shopDomain, plan, emailsQuota: quota, periodStart, periodEnd: new Date(periodStart.getTime() + 30 * 86_400_000) });
  }
}

export interface RequestOptions extends Partial<typeof s.shopifyReviewRequests.$inferInsert> {
  /** The request's order, whose customer is the request's; default: a new one. null: none (a shared link, or an order given by `orderId` alone). */
  order?: OrderRow | null;
}

export interface ReviewOptions extends Partial<Omit<typeof s.shopifyReviews.$inferInsert, 'rating'>> {
  rating?: number;
  /**
   * The request answered: the review carries its id, customer and origin, as the review page records
   * them (a shared link's review is `shared_link`, a request without an order's `no_order`).
   */
  request?: RequestRow;
}

/** The origin the review page records for an answer to `request`; without one, an order's review (the common case). */
const originOf = (request: RequestRow | undefined): ReviewOrigin =>
  !request ? 'order' : request.channel === 'link' ? 'shared_link' : request.orderId || request.shopifyOrderId ? 'order' : 'no_order';

/** A store and the builders of what it holds. */
export class StoreWorld<B extends Browserish | undefined = undefined> {
  constructor(
    private readonly w: World,
    readonly store: StoreRow,
    /** The merchant's browser, signed in (`world(ctx).signedIn(app)`). */
    readonly browser: B,
    private readonly owner?: UserRow,
  ) {}

  get db(): Database {
    return this.w.db;
  }

  get userId(): string {
    return this.store.userId;
  }

  /** The owner's e-mail: known when the store was built from its account (`merchant()`, `signedIn()`), not by `at()`. */
  get email(): string {
    if (!this.owner) throw new Error('StoreWorld.email: built by at(store), the owner is unknown (read it with user())');
    return this.owner.email;
  }

  /** The account that owns the store. */
  async user(): Promise<UserRow> {
    if (this.owner) return this.owner;
    const [user] = await this.db.select().from(s.user).where(eq(s.user.id, this.store.userId));
    return user!;
  }

  /** The plan rows StoreOptions describe (a store made by `store()` gets them already). */
  async plan(options: PlanOptions = {}): Promise<void> {
    await planRows(this.db, this.store, options);
    if (options.dailyLimit !== undefined) await this.emailConfig({ dailySendLimit: options.dailyLimit });
  }

  /**
   * A store connected some other way (the install flow, the local Shopify) subscribed as `store()` makes
   * one: status active unless given, and its plan rows. Returns the store's builders over the updated row.
   */
  async subscribe(options: PlanOptions & { subscriptionStatus?: StoreRow['subscriptionStatus'] } = {}): Promise<StoreWorld<B>> {
    const [store] = await this.db
      .update(s.shopifyStores)
      .set({ subscriptionStatus: options.subscriptionStatus ?? 'active' })
      .where(eq(s.shopifyStores.id, this.store.id))
      .returning();
    const updated = new StoreWorld(this.w, store!, this.browser, this.owner);
    await updated.plan(options);
    return updated;
  }

  /** The store's sending settings (store_email_config: daily limit, owner's address, ask window…); the product's defaults for the rest. */
  async emailConfig(values: Omit<typeof s.storeEmailConfig.$inferInsert, 'shopId'>): Promise<typeof s.storeEmailConfig.$inferSelect> {
    const [config] = await this.db
      .insert(s.storeEmailConfig)
      .values({ shopId: this.store.id, ...values })
      .returning();
    return config!;
  }

  /** The store's page and e-mail texts (store_customization: greeting, closing, thank-you texts…); the product's defaults for the rest. */
  async customization(values: Omit<typeof s.storeCustomization.$inferInsert, 'shopId'>): Promise<typeof s.storeCustomization.$inferSelect> {
    const [row] = await this.db
      .insert(s.storeCustomization)
      .values({ shopId: this.store.id, ...values })
      .returning();
    return row!;
  }

  /** The store's look (store_branding: logo, colours); the product's defaults for the rest. */
  async branding(values: Omit<typeof s.storeBranding.$inferInsert, 'shopId'>): Promise<typeof s.storeBranding.$inferSelect> {
    const [row] = await this.db
      .insert(s.storeBranding)
      .values({ shopId: this.store.id, ...values })
      .returning();
    return row!;
  }

  /** An e-mail template of the store, active by default (saved earlier, or by a way around the editor's checks). */
  async template(values: Omit<typeof s.emailTemplates.$inferInsert, 'shopId'>): Promise<typeof s.emailTemplates.$inferSelect> {
    const [row] = await this.db
      .insert(s.emailTemplates)
      .values({ shopId: this.store.id, ...values })
      .returning();
    return row!;
  }

  /** What the review page does for each rating given (rating_actions: redirect, collect feedback, alert the merchant…). */
  async ratingActions(list: Omit<typeof s.ratingActions.$inferInsert, 'shopId'>[]): Promise<(typeof s.ratingActions.$inferSelect)[]> {
    if (list.length === 0) return [];
    return this.db
      .insert(s.ratingActions)
      .values(list.map((action) => ({ shopId: this.store.id, ...action })))
      .returning();
  }

  /** An address that receives the store's alerts (notification_recipients), lower-cased as the product keeps it; unconfirmed unless `confirmedAt` is given. */
  async recipient(email: string, options: Omit<typeof s.notificationRecipients.$inferInsert, 'shopId' | 'email'> = {}): Promise<typeof s.notificationRecipients.$inferSelect> {
    const [row] = await this.db
      .insert(s.notificationRecipients)
      .values({ shopId: this.store.id, email: email.toLowerCase(), ...options })
      .returning();
    return row!;
  }

  /** A flow with the product's defaults (order fulfilled, 3 days, e-mail, every order), active. */
  async flow(overrides: Partial<typeof s.flowConfigurations.$inferInsert> = {}): Promise<FlowRow> {
    const [flow] = await this.db
      .insert(s.flowConfigurations)
      .values({ shopId: this.store.id, ...overrides })
      .returning();
    return flow!;
  }

  /** A paid order with its own number and customer e-mail. */
  async order(overrides: Partial<typeof s.shopifyOrders.$inferInsert> = {}): Promise<OrderRow> {
    const n = ++orderSeq;
    const [order] = await this.db
      .insert(s.shopifyOrders)
      .values({
        userId: this.store.userId,
        shopId: this.store.id,
        shopifyOrderId: String(n),
        orderNumber: `#${n}`,
        customerEmail: `client-${n}-${randomUUID().slice(0, 6)}@exemple.test`,
        customerName: 'Léa Dubois',
        totalPrice: '80.00',
        paidAt: new Date(),
        ...overrides,
      })
      .returning();
    return order!;
  }

  /** A due e-mail request (scheduled a minute ago, source manual, a fresh token) for `order` (default: a new order). */
  async request(options: RequestOptions = {}): Promise<RequestRow> {
    const { order: given, ...overrides } = options;
    const order = given === undefined ? await this.order() : given;
    const [request] = await this.db
      .insert(s.shopifyReviewRequests)
      .values({
        userId: this.store.userId,
        shopId: this.store.id,
        ...(order ? { orderId: order.id, shopifyOrderId: order.shopifyOrderId, customerEmail: order.customerEmail, customerName: order.customerName } : {}),
        scheduledAt: new Date(Date.now() - 60_000),
        token: newPublicToken(),
        source: 'manual',
        ...overrides,
      })
      .returning();
    return request!;
  }

  /** A review of the store (5 stars by default); with `request`, the answer to it. */
  async review(options: ReviewOptions = {}): Promise<ReviewRow> {
    const [review] = await this.reviews([options]);
    return review!;
  }

  /** Several reviews in one insert (a list's pages, a dashboard's figures). */
  async reviews(list: ReviewOptions[]): Promise<ReviewRow[]> {
    if (list.length === 0) return [];
    return this.db
      .insert(s.shopifyReviews)
      .values(
        list.map(({ request, rating, ...overrides }) => {
          const origin = overrides.origin ?? originOf(request);
          return {
            userId: this.store.userId,
            shopId: this.store.id,
            rating: rating ?? 5,
            origin,
            // As the review page records it, with the store's default (unverified reviews kept off the storefront).
            isPublished: shownOnStorefront({ origin, hidden: Boolean(overrides.hiddenAt) }, false),
            ...(request ? { reviewRequestId: request.id, shopifyOrderId: request.shopifyOrderId, customerEmail: request.customerEmail, customerName: request.customerName } : {}),
            ...overrides,
          };
        }),
      )
      .returning();
  }

  /** The merchant's "do not ask" on `order` (review_request_exclusions, as cancelling its request records it). */
  async exclude(order: OrderRow): Promise<typeof s.reviewRequestExclusions.$inferSelect> {
    const [row] = await this.db.insert(s.reviewRequestExclusions).values({ orderId: order.id }).returning();
    return row!;
  }

  /** An address the store no longer mails (email_suppressions), lower-cased as the unsubscribe link records it; reason 'unsubscribe' unless given. */
  async suppress(email: string, reason?: string): Promise<typeof s.emailSuppressions.$inferSelect> {
    const [row] = await this.db
      .insert(s.emailSuppressions)
      .values({ shopId: this.store.id, email: email.toLowerCase(), ...(reason === undefined ? {} : { reason }) })
      .returning();
    return row!;
  }

  /**
   * A counter of the store's usage (shop_usage, keyed by its shop's domain) at `value`: e-mails of the
   * period or the day, an alert already sent… `periodStart` defaults to the start of the recorded plan's period.
   */
  async usage(metric: string, value: number, periodStart?: Date): Promise<typeof s.shopUsage.$inferSelect> {
    const start = periodStart ?? (await this.db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, this.store.shopDomain)))[0]?.periodStart;
    if (!start) throw new Error('StoreWorld.usage: the store has no plan row; give the period start');
    const [row] = await this.db.insert(s.shopUsage).values({ shopDomain: this.store.shopDomain, periodStart: start, metric, value }).returning();
    return row!;
  }

  /** A signed delivery from this store's shop to `app` (see World.deliver). */
  webhook(app: Requestable, delivery: Partial<DeliveryOptions> & Pick<DeliveryOptions, 'body'>, origin = ''): Promise<Response> {
    return this.w.deliver(app, { shop: this.store.shopDomain, ...delivery }, origin);
  }
}
