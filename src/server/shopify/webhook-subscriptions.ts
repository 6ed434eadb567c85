/**
 * The webhook subscriptions a store needs, registered through the Admin GraphQL API and recorded in
 * `shopify_webhooks`. Compliance topics are not subscribable by API: Shopify takes them from the
 * app's configuration (the emulator's control API), pointing at the same endpoint.
 */
import { and, eq } from 'drizzle-orm';
import { shopifyWebhooks } from '#db/schema';
import { webhookRefusalMessages } from '../messages/shopify';
import { shopifyAvailabilityMessages } from '../messages/shopify-availability';
import { answered } from './facade';
import { shopifyUnavailable } from './resilience';
import type { AppContext } from '../context';
import { storeAccessToken } from './store-tokens';
import { CREATE_WEBHOOK_SUBSCRIPTION, UPDATE_WEBHOOK_SUBSCRIPTION, WEBHOOK_SUBSCRIPTIONS } from './admin-documents';
import type { CreateWebhookSubscriptionMutation, WebhookSubscriptionTopic } from './generated/admin-types';

/**
 * orders/updated carries refunds (financial_status refunded), which cancel pending requests.
 * fulfillment_events/create carries the carriers' delivery scans (the 'commande livrée' trigger);
 * Shopify requires the read_fulfillments scope for it (WebhookSubscriptionTopic, Admin API 2026-10).
 */
export const REQUIRED_TOPICS = [
  'orders/paid',
  'orders/fulfilled',
  'orders/cancelled',
  'orders/updated',
  'fulfillment_events/create',
  'app/uninstalled',
  'app_subscriptions/update',
] as const;
export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

export const webhookAddress = (ctx: AppContext) => `${ctx.config.appUrl}/webhooks/shopify`;

/**
 * Shopify's refusal of a topic carrying protected customer data while the app is not approved for it
 * ("This app is not approved to subscribe to webhook topics containing protected customer data").
 */
const PROTECTED_DATA_REFUSAL = /not approved to subscribe to webhook topics containing protected customer data/i;

/** orders/paid → ORDERS_PAID */
export const topicEnum = (topic: string) => topic.toUpperCase().replace(/\//g, '_');
/** ORDERS_PAID → orders/paid, FULFILLMENT_EVENTS_CREATE → fulfillment_events/create (the resource part may hold underscores). */
export const topicName = (value: string) => value.toLowerCase().replace(/^(fulfillment_events|app_subscriptions|orders|app|customers|shop)_/, '$1/');

export interface PlatformSubscription {
  id: string;
  topic: string;
  uri: string;
}

export async function listPlatformSubscriptions(ctx: AppContext, storeId: string): Promise<PlatformSubscription[]> {
  const { shop, accessToken } = await storeAccessToken(ctx, storeId);
  const data = await ctx.shopify.graphql(shop, accessToken, WEBHOOK_SUBSCRIPTIONS);
  return data.webhookSubscriptions.nodes.map((n) => ({ id: n.id, topic: topicName(n.topic), uri: n.uri }));
}

async function record(ctx: AppContext, storeId: string, topic: string, address: string, webhookId: string | null) {
  const values = { address, webhookId, isActive: true, updatedAt: new Date() };
  await ctx.db
    .insert(shopifyWebhooks)
    .values({ shopId: storeId, topic, ...values })
    .onConflictDoUpdate({ target: [shopifyWebhooks.shopId, shopifyWebhooks.topic], set: values });
}

/**
 * Creates the missing subscriptions (idempotent) and records all of them. Only what Shopify confirmed
 * is recorded. A creation Shopify failed to answer (5xx, timeout) may have happened: it is never sent
 * twice; the list is read again at the end and what landed is recorded, the rest reported.
 */
export async function registerWebhooks(ctx: AppContext, storeId: string): Promise<{ registered: string[]; errors: string[] }> {
  const { shop, accessToken } = await storeAccessToken(ctx, storeId);
  const address = webhookAddress(ctx);
  const existing = await listPlatformSubscriptions(ctx, storeId);
  const registered: string[] = [];
  const errors: string[] = [];
  const unconfirmed: string[] = [];
  const landed = async (topic: string, list: PlatformSubscription[]) => {
    const found = list.find((s) => s.topic === topic && s.uri === address);
    if (found) {
      await record(ctx, storeId, topic, address, found.id);
      registered.push(topic);
    }
    return Boolean(found);
  };
  for (const topic of REQUIRED_TOPICS) {
    if (await landed(topic, existing)) continue;
    let data: CreateWebhookSubscriptionMutation;
    try {
      data = await ctx.shopify.graphql(shop, accessToken, CREATE_WEBHOOK_SUBSCRIPTION, { topic: topicEnum(topic) as WebhookSubscriptionTopic, uri: address });
    } catch (error) {
      if (!shopifyUnavailable(error)) throw error;
      unconfirmed.push(topic);
      continue;
    }
    const result = answered(data.webhookSubscriptionCreate, 'webhookSubscriptionCreate');
    if (result.webhookSubscription) {
      await record(ctx, storeId, topic, address, result.webhookSubscription.id);
      registered.push(topic);
    } else {
      const refusal = result.userErrors.map((e) => e.message).join('; ');
      errors.push(PROTECTED_DATA_REFUSAL.test(refusal) ? webhookRefusalMessages.protectedCustomerData(topic) : `${topic}: ${refusal}`);
    }
  }
  if (unconfirmed.length > 0) {
    const after = await listPlatformSubscriptions(ctx, storeId).catch((error: unknown) => {
      if (!shopifyUnavailable(error)) throw error;
      return [];
    });
    for (const topic of unconfirmed) {
      if (!(await landed(topic, after))) errors.push(shopifyAvailabilityMessages.webhookNotConfirmed(topic));
    }
  }
  return { registered, errors };
}

/** Re-points subscriptions whose address is not this app's current URL. */
export async function fixWebhookUrls(ctx: AppContext, storeId: string): Promise<{ updated: string[]; correct_url: string }> {
  const { shop, accessToken } = await storeAccessToken(ctx, storeId);
  const address = webhookAddress(ctx);
  const updated: string[] = [];
  for (const sub of await listPlatformSubscriptions(ctx, storeId)) {
    if (sub.uri === address) continue;
    const data = await ctx.shopify.graphql(shop, accessToken, UPDATE_WEBHOOK_SUBSCRIPTION, { id: sub.id, uri: address });
    if (answered(data.webhookSubscriptionUpdate, 'webhookSubscriptionUpdate').webhookSubscription) {
      await record(ctx, storeId, sub.topic, address, sub.id);
      updated.push(sub.topic);
    }
  }
  return { updated, correct_url: address };
}

/** Compliance topics come from the app configuration; we record where they are delivered. */
export async function recordComplianceWebhooks(ctx: AppContext, storeId: string) {
  for (const topic of COMPLIANCE_TOPICS) await record(ctx, storeId, topic, webhookAddress(ctx), null);
}

export async function recordedTopics(ctx: AppContext, storeId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ topic: shopifyWebhooks.topic })
    .from(shopifyWebhooks)
    .where(and(eq(shopifyWebhooks.shopId, storeId), eq(shopifyWebhooks.isActive, true)));
  return rows.map((r) => r.topic);
}
