/**
 * The shared world of the security suite: one app on a fresh database, merchants signed in through
 * the real auth routes, each with a Shopify shop connected on the in-process emulator and the data
 * every id-taking route points at (flows, requests, a share link, a compliance export, a claimed
 * installation link, usage rows, rating actions, a suppression). `snapshotTenant` reads back every
 * row a merchant owns so a test can prove another tenant changed nothing.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray, like, or } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as s from '#db/schema';
import { createApp } from '#server/app';
import { claimInstallationToken, connectStore, createInstallationToken } from '#server/shopify/install-service';
import { Browserish, ORIGIN } from '#tests/support/http';
import { createTestContext, type TestContext } from '#tests/support/test-context';
import { world } from '#tests/support/world';

export const PASSWORD = 'Lumiere-des-Avis-2025';

export interface World {
  ctx: TestContext;
  app: Hono;
  starterPlanId: string;
}

export async function createWorld(): Promise<World> {
  // TRUST_PROXY: each simulated client gets its own address through X-Forwarded-For, so the per-IP
  // limits of sign-up, sign-in and the review page never mix the suite's clients together.
  const ctx = await createTestContext({ TRUST_PROXY: 'true' });
  // No network: the deliverability checks' DNS finds nothing, at once (never the machine's resolvers).
  ctx.dns = async () => {
    throw Object.assign(new Error('no DNS in the security suite'), { code: 'ENOTFOUND' });
  };
  const app = createApp(ctx) as unknown as Hono;
  const [starter] = await ctx.db.select().from(s.subscriptionPlans).where(eq(s.subscriptionPlans.code, 'starter'));
  return { ctx, app, starterPlanId: starter!.id };
}

let ipSeq = 0;
/** A client address never used before in this process (10.0.0.0/8 has room for the whole suite). */
export function freshIp(): string {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
}

export function newBrowser(w: World): Browserish {
  return new Browserish(w.app, freshIp());
}

let seq = 0;
const tag = () => `${Date.now().toString(36)}${(++seq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new account signed in through /api/auth/sign-up/email. */
export async function signUp(w: World, label = 'compte') {
  const browser = newBrowser(w);
  const email = `${label.toLowerCase().replace(/[^a-z0-9]/g, '')}.${tag()}@exemple.test`;
  const res = await browser.json<{ user: { id: string } }>('/api/auth/sign-up/email', { json: { name: `Marchand ${label}`, email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { browser, userId: res.body.user.id, email };
}

export type StoreRow = typeof s.shopifyStores.$inferSelect;

export interface Merchant {
  label: string;
  browser: Browserish;
  userId: string;
  email: string;
  shop: string;
  store: StoreRow;
  flowId: string;
  /** A second flow, for the routes that delete one. */
  flow2Id: string;
  flowName: string;
  /** A due e-mail request (scheduled a minute ago): what a manual send would send. */
  dueRequestId: string;
  dueRequestToken: string;
  /** A request scheduled next week, for the routes that cancel one. */
  laterRequestId: string;
  customerEmails: string[];
  shareToken: string;
  exportId: string;
  exportMarker: string;
  /** An installation link this merchant claimed (used). */
  claimedInstallationToken: string;
  /** An installation link for this merchant's shop nobody claimed yet. */
  openInstallationToken: string;
  suppressedEmail: string;
  /** A review of the store, for the storefront moderation routes (hide, show). */
  reviewId: string;
  /** A photo of that review, for the photo moderation routes (decision 058). */
  photoId: string;
  /** A time the store was away and came back, not dismissed yet (decision 045). */
  absenceId: string;
}

export const flowBody = {
  name: 'Après livraison',
  trigger_event: 'order_fulfilled',
  delay_days: 3,
  channels: { email: true, whatsapp: false },
  target_all_orders: true,
  minimum_order_amount: 0,
  is_active: true,
};

export const ratingActionsBody = {
  same_path_for_all_ratings: true,
  actions: [
    { rating: 5, action_type: 'redirect', redirect_url: 'https://avis.exemple.test/laisser-un-avis', notification_email: null, feedback_message: null },
    { rating: 4, action_type: 'redirect', redirect_url: 'https://avis.exemple.test/laisser-un-avis', notification_email: null, feedback_message: null },
    { rating: 3, action_type: 'collect_feedback', redirect_url: null, notification_email: null, feedback_message: 'Dites-nous tout.' },
    { rating: 2, action_type: 'collect_feedback', redirect_url: null, notification_email: 'alerte@exemple.test', feedback_message: 'Que s’est-il passé ?' },
    { rating: 1, action_type: 'notify_email', redirect_url: null, notification_email: 'alerte@exemple.test', feedback_message: null },
  ],
};

export const identityBody = { logo_key: null, button_text_color: '#FFFFFF', button_bg_color: '#222222', primary_color: '#AA3300' };

export const pageBody = {
  page_title: 'Votre avis compte',
  page_description: 'Deux minutes suffisent.',
  thank_you_message: 'Merci !',
  positive_feedback_message: 'Ravis que cela vous ait plu.',
  negative_feedback_message: 'Nous allons faire mieux.',
  email_greeting: 'Bonjour {{ customer_name }},',
  email_closing: 'À bientôt chez {{ store_name }}.',
  button_text: 'ENVOYER',
};

export const templateBody = {
  subject: 'Votre avis sur {{ store_name }}',
  from_name: 'Maison',
  logo_key: null,
  body_content: 'Merci pour votre commande {{ order_number }}, {{ customer_name }}.',
  button_text: 'Laisser un avis',
  button_url_template: '{{ review_link }}',
  button_color: '#10b981',
  footer_text: 'Merci de votre confiance !',
};

/** A signed-in merchant with a connected, subscribed shop and one of everything an id can point at. */
export async function makeMerchant(w: World, label: string, options: { quota?: number | null } = {}): Promise<Merchant> {
  const { ctx } = w;
  const { browser, userId, email } = await signUp(w, label);
  const t = tag();
  const shop = await ctx.emulator!.state.createShop({ domain: `secu-${label.toLowerCase()}-${t}.myshopify.com`, name: `Boutique ${label} ${t}` });
  const tokens = await ctx.emulator!.state.installApp(shop.domain, { scope: ctx.config.shopify.scopes, expiring: true });
  const connected = await connectStore(ctx.db, ctx.config.encryptionKey, {
    userId,
    shopDomain: shop.domain,
    shopName: shop.name,
    tokens: {
      accessToken: tokens.access_token,
      scope: tokens.scope,
      expiresIn: tokens.expires_in ?? null,
      refreshToken: tokens.refresh_token ?? null,
      refreshTokenExpiresIn: tokens.refresh_token_expires_in ?? null,
    },
  });
  const periodStart = new Date(Date.now() - 86_400_000);
  const rows = await world(ctx).at(connected).subscribe({ quota: options.quota, periodStart });
  const { store } = rows;
  await ctx.db.insert(s.shopUsage).values({ shopDomain: shop.domain, periodStart, metric: 'emails_sent', value: 5 });

  const flowName = `Flux ${label} ${t}`;
  const flow = await rows.flow({ name: flowName });
  const flow2 = await rows.flow({ name: `${flowName} bis` });
  const due = await rows.request({ flowId: flow.id, source: 'flow' });
  const later = await rows.request({ scheduledAt: new Date(Date.now() + 7 * 86_400_000) });

  const share = await browser.json<{ token: string }>('/api/review-requests/share-link', { json: {} });
  if (share.status !== 200) throw new Error(`share link failed: ${share.status}`);
  const saved = await browser.json('/api/rating-actions', { method: 'PUT', json: ratingActionsBody });
  if (saved.status !== 200) throw new Error(`rating actions failed: ${saved.status} ${JSON.stringify(saved.body)}`);

  const exportMarker = `export-secret-${label}-${t}`;
  const [exported] = await ctx.db
    .insert(s.complianceExports)
    .values({ shopId: store.id, requestId: `dr-${t}`, data: { customer: { email: due.customerEmail, note: exportMarker } } })
    .returning();

  const claimed = await createInstallationToken(ctx.db, shop.domain);
  const claim = await claimInstallationToken(ctx.db, { token: claimed, userId, planId: w.starterPlanId });
  if ('error' in claim) throw new Error(`claim failed: ${claim.error}`);
  const open = await createInstallationToken(ctx.db, shop.domain);

  const suppressedEmail = `desabonne-${t}@exemple.test`;
  await ctx.db.insert(s.emailSuppressions).values({ shopId: store.id, email: suppressedEmail, reason: 'unsubscribe' });
  const review = await rows.review({ customerEmail: due.customerEmail, customerName: 'Léa Dubois', rating: 2, comment: 'Colis arrivé en retard.' });
  // The row is the point: the moderation routes read and write it, never its files (the pipeline has its own tests).
  const [photo] = await ctx.db
    .insert(s.reviewPhotos)
    .values({
      shopId: store.id,
      reviewId: review.id,
      position: 1,
      storageKey: `review-photos/${store.id}/photo.webp`,
      thumbKey: `review-photos/${store.id}/photo-thumb.webp`,
      width: 800,
      height: 600,
      thumbWidth: 400,
      thumbHeight: 300,
      size: 1000,
    })
    .returning();
  // The row is the point: a time away the merchant is told about (written by a reconnection in the app).
  const [absence] = await ctx.db
    .insert(s.storeAbsences)
    .values({ shopId: store.id, reason: 'uninstalled', awayFrom: new Date(Date.now() - 2 * 86_400_000), backAt: new Date(Date.now() - 86_400_000) })
    .returning();

  return {
    label,
    browser,
    userId,
    email,
    shop: shop.domain,
    store: store,
    flowId: flow.id,
    flow2Id: flow2.id,
    flowName,
    dueRequestId: due.id,
    dueRequestToken: due.token!,
    laterRequestId: later.id,
    customerEmails: [due.customerEmail!, later.customerEmail!],
    shareToken: share.body.token,
    exportId: exported!.id,
    exportMarker,
    claimedInstallationToken: claimed,
    openInstallationToken: open,
    suppressedEmail,
    reviewId: review.id,
    photoId: photo!.id,
    absenceId: absence!.id,
  };
}

/** Strings that must never reach another tenant: a response containing one is a leak. */
export function secretsOf(m: Merchant): string[] {
  return [m.email, m.store.shopName!, m.flowName, m.exportMarker, m.dueRequestToken, m.shareToken, ...m.customerEmails];
}

const byId = <T extends Record<string, unknown>>(rows: T[]) =>
  [...rows].sort((a, b) => String(a.id ?? a.requestId ?? a.orderId ?? JSON.stringify(a)).localeCompare(String(b.id ?? b.requestId ?? b.orderId ?? JSON.stringify(b))));

/** Every row the merchant owns, in a stable order: equal snapshots mean nothing of theirs changed. */
export async function snapshotTenant(w: World, m: Merchant) {
  const { db } = w.ctx;
  const storeIds = (await db.select({ id: s.shopifyStores.id }).from(s.shopifyStores).where(eq(s.shopifyStores.userId, m.userId))).map((r) => r.id);
  const ids = storeIds.length ? storeIds : [randomUUID()];
  const orders = await db.select().from(s.shopifyOrders).where(inArray(s.shopifyOrders.shopId, ids));
  const orderIds = orders.length ? orders.map((o) => o.id) : [randomUUID()];
  const requests = await db.select().from(s.shopifyReviewRequests).where(inArray(s.shopifyReviewRequests.shopId, ids));
  const requestIds = requests.length ? requests.map((r) => r.id) : [randomUUID()];
  const snapshot = {
    user: await db.select().from(s.user).where(eq(s.user.id, m.userId)),
    account: await db.select().from(s.account).where(eq(s.account.userId, m.userId)),
    stores: byId(await db.select().from(s.shopifyStores).where(eq(s.shopifyStores.userId, m.userId))),
    storesOfDomain: byId(await db.select().from(s.shopifyStores).where(eq(s.shopifyStores.shopDomain, m.shop))),
    plans: await db.select().from(s.shopPlans).where(eq(s.shopPlans.shopDomain, m.shop)),
    usage: await db.select().from(s.shopUsage).where(eq(s.shopUsage.shopDomain, m.shop)),
    flows: byId(await db.select().from(s.flowConfigurations).where(inArray(s.flowConfigurations.shopId, ids))),
    requests: byId(requests),
    ledger: await db.select().from(s.emailSendLedger).where(inArray(s.emailSendLedger.requestId, requestIds)),
    orders: byId(orders),
    exclusions: await db.select().from(s.reviewRequestExclusions).where(inArray(s.reviewRequestExclusions.orderId, orderIds)),
    reviews: byId(await db.select().from(s.shopifyReviews).where(inArray(s.shopifyReviews.shopId, ids))),
    photos: byId(await db.select().from(s.reviewPhotos).where(inArray(s.reviewPhotos.shopId, ids))),
    ratingActions: byId(await db.select().from(s.ratingActions).where(inArray(s.ratingActions.shopId, ids))),
    exports: byId(await db.select().from(s.complianceExports).where(inArray(s.complianceExports.shopId, ids))),
    suppressions: byId(await db.select().from(s.emailSuppressions).where(inArray(s.emailSuppressions.shopId, ids))),
    webhooks: byId(await db.select().from(s.shopifyWebhooks).where(inArray(s.shopifyWebhooks.shopId, ids))),
    emailConfig: await db.select().from(s.storeEmailConfig).where(inArray(s.storeEmailConfig.shopId, ids)),
    branding: await db.select().from(s.storeBranding).where(inArray(s.storeBranding.shopId, ids)),
    customization: await db.select().from(s.storeCustomization).where(inArray(s.storeCustomization.shopId, ids)),
    emailTemplates: byId(await db.select().from(s.emailTemplates).where(inArray(s.emailTemplates.shopId, ids))),
    // Uploads (the suite stores them in the database): the store's logos and the account's template logos.
    files: await db
      .select({ key: s.storedFiles.key, size: s.storedFiles.size })
      .from(s.storedFiles)
      .where(or(like(s.storedFiles.key, `email-logos/${m.userId}/%`), ...ids.map((id) => like(s.storedFiles.key, `branding/${id}/%`))))
      .orderBy(s.storedFiles.key),
    installations: byId(await db.select().from(s.shopifyInstallationTokens).where(eq(s.shopifyInstallationTokens.shopDomain, m.shop))),
    oauthStates: byId(await db.select().from(s.oauthStates).where(eq(s.oauthStates.userId, m.userId))),
  };
  // Dates and numerics compared by value.
  return JSON.parse(JSON.stringify(snapshot)) as Record<string, unknown[]>;
}

/** What differs between two snapshots, table by table, with the changed columns (for a readable failure). */
export function changedTables(before: Record<string, unknown[]>, after: Record<string, unknown[]>): string[] {
  return Object.keys(before)
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((table) => {
      const was = before[table] as Record<string, unknown>[];
      const now = after[table] as Record<string, unknown>[];
      if (was.length !== now.length) return `${table} (${was.length} → ${now.length} rows)`;
      const columns = new Set<string>();
      was.forEach((row, i) => {
        for (const key of Object.keys({ ...row, ...now[i] })) if (JSON.stringify(row[key]) !== JSON.stringify(now[i]?.[key])) columns.add(key);
      });
      return `${table} (${[...columns].join(', ')})`;
    });
}

/** The value of the merchant's session cookie, as the browser holds it (URL-encoded `token.signature`). */
export function sessionCookieOf(browser: Browserish): string {
  const value = browser.cookies.get('avis.session_token');
  if (!value) throw new Error('no session cookie');
  return value;
}

/**
 * A request exactly as given: no Origin added (unlike Browserish), so CSRF and credential tests
 * control every header themselves.
 */
export async function rawRequest(
  w: World,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null } = {},
): Promise<{ status: number; text: string; headers: Headers; json: unknown }> {
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp(), ...init.headers };
  const res = await w.app.request(`${ORIGIN}${path}`, { method: init.method ?? 'GET', headers, body: init.body ?? undefined });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, headers: res.headers, json };
}

/**
 * A request with any raw body from a browser's cookie jar (Browserish only sends `json` or `form`):
 * same origin, and the Set-Cookie answers kept, as Browserish does.
 */
export async function browserRequest(
  w: World,
  browser: Browserish,
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: string | Uint8Array },
): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, 'x-forwarded-for': freshIp(), ...init.headers };
  const cookie = cookieHeader(browser);
  if (cookie) headers.cookie = cookie;
  const res = await w.app.request(`${ORIGIN}${path}`, { method: init.method, headers, body: init.body as BodyInit | undefined });
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    if (/max-age=0/i.test(line) || value.join('=') === '') browser.cookies.delete(name!.trim());
    else browser.cookies.set(name!.trim(), value.join('='));
  }
  return res;
}

export function cookieHeader(browser: Browserish): string {
  return [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}
