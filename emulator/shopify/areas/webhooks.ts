// Webhook subscriptions (created through the Admin API) and what is delivered to them, compliance
// requests included. The delivery itself (signing, retries, holds, drops) is ../webhooks.ts.
import type { EmulatorCore } from '../core';
import { customerRedactPayload, dataRequestPayload, shopRedactPayload } from '../payloads';
import { restTopic } from '../topics';
import type { ComplianceTopic, DeliveryRecord, ShopRecord, WebhookSubscriptionRecord } from '../types';
import type { DeliveryTarget } from '../webhooks';
import { DEFAULT_API_VERSION, EmulatorError, type UserError } from './shared';

/** The fields of webhookSubscriptionCreate and webhookSubscriptionUpdate (uri, or the older callbackUrl). */
export interface WebhookSubscriptionInput {
  uri?: string | null;
  callbackUrl?: string | null;
  format?: string | null;
  includeFields?: string[] | null;
  metafieldNamespaces?: string[] | null;
  filter?: string | null;
}

export function listWebhookSubscriptions(core: EmulatorCore, shop: string): WebhookSubscriptionRecord[] {
  return core.state.webhookSubscriptions.filter((s) => s.shop === shop);
}

export function createWebhookSubscription(
  core: EmulatorCore,
  shop: ShopRecord,
  topic: string,
  input: WebhookSubscriptionInput,
  apiVersion: string,
): { subscription: WebhookSubscriptionRecord | null; userErrors: UserError[] } {
  const uri = input.uri ?? input.callbackUrl ?? '';
  const field = input.uri !== undefined && input.uri !== null ? 'uri' : 'callbackUrl';
  const errors = validateWebhookUri(uri, field);
  if (!restTopic(topic)) errors.push({ field: ['topic'], message: `Topic ${topic} is not supported` });
  if (errors.length === 0 && core.state.webhookSubscriptions.some((s) => s.shop === shop.domain && s.topic === topic && s.uri === uri)) {
    errors.push({ field: ['webhookSubscription', field], message: 'Address for this topic has already been taken' });
  }
  if (errors.length > 0) return { subscription: null, userErrors: errors };
  const now = core.nowIso();
  const sub: WebhookSubscriptionRecord = {
    id: core.store.nextId(),
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
  core.state.webhookSubscriptions.push(sub);
  core.commit();
  return { subscription: sub, userErrors: [] };
}

export function updateWebhookSubscription(
  core: EmulatorCore,
  shop: ShopRecord,
  id: number | null,
  input: WebhookSubscriptionInput,
): { subscription: WebhookSubscriptionRecord | null; userErrors: UserError[] } {
  const sub = core.state.webhookSubscriptions.find((s) => s.id === id && s.shop === shop.domain);
  if (!sub) return { subscription: null, userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }] };
  const uri = input.uri ?? input.callbackUrl;
  if (uri !== undefined && uri !== null) {
    const errors = validateWebhookUri(uri, input.uri ? 'uri' : 'callbackUrl');
    if (core.state.webhookSubscriptions.some((s) => s !== sub && s.shop === shop.domain && s.topic === sub.topic && s.uri === uri)) {
      errors.push({ field: ['webhookSubscription', 'uri'], message: 'Address for this topic has already been taken' });
    }
    if (errors.length > 0) return { subscription: null, userErrors: errors };
    sub.uri = uri;
  }
  if (input.format) sub.format = input.format === 'XML' ? 'XML' : 'JSON';
  if (input.includeFields) sub.includeFields = input.includeFields;
  if (input.metafieldNamespaces) sub.metafieldNamespaces = input.metafieldNamespaces;
  if (input.filter !== undefined) sub.filter = input.filter;
  sub.updatedAt = core.nowIso();
  core.commit();
  return { subscription: sub, userErrors: [] };
}

export function deleteWebhookSubscription(core: EmulatorCore, shop: ShopRecord, id: number | null): boolean {
  const before = core.state.webhookSubscriptions.length;
  core.state.webhookSubscriptions = core.state.webhookSubscriptions.filter((s) => !(s.id === id && s.shop === shop.domain));
  const removed = core.state.webhookSubscriptions.length < before;
  if (removed) core.commit();
  return removed;
}

function validateWebhookUri(uri: string, field: string): UserError[] {
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

/** Delivers a topic's payload to the shop's subscriptions of that topic. */
export function notify(core: EmulatorCore, shop: ShopRecord, topic: string, payload: Record<string, unknown>): DeliveryRecord[] {
  const targets: DeliveryTarget[] = core.state.webhookSubscriptions
    .filter((s) => s.shop === shop.domain && restTopic(s.topic) === topic)
    .map((s) => ({ uri: s.uri, subscriptionId: s.id, apiVersion: s.apiVersion, includeFields: s.includeFields }));
  if (targets.length === 0) return [];
  return core.dispatcher.enqueue(shop.domain, topic, payload, targets);
}

export function onDeliveryAbandoned(core: EmulatorCore, delivery: DeliveryRecord): void {
  if (delivery.subscriptionId === null) return;
  const sub = core.state.webhookSubscriptions.find((s) => s.id === delivery.subscriptionId);
  if (sub && sub.createdVia === 'api') {
    core.state.webhookSubscriptions = core.state.webhookSubscriptions.filter((s) => s !== sub);
    core.commit();
  }
}

export function raiseCompliance(
  core: EmulatorCore,
  shopDomain: string,
  topic: ComplianceTopic,
  opts: { customerId?: number | string; orderIds?: number[] } = {},
): DeliveryRecord[] {
  const shop = core.requireShop(shopDomain);
  if (!shop.installation) throw new EmulatorError(409, `the app was never installed on ${shop.domain}`);
  let payload: Record<string, unknown>;
  if (topic === 'shop/redact') {
    payload = shopRedactPayload(shop);
  } else {
    if (opts.customerId === undefined) throw new EmulatorError(400, `${topic} needs a customerId`);
    const id = typeof opts.customerId === 'number' ? opts.customerId : Number(String(opts.customerId).replace(/^gid:\/\/shopify\/Customer\//, ''));
    const customer = core.findCustomer(shop.domain, Number.isSafeInteger(id) ? id : -1);
    if (!customer) throw new EmulatorError(404, `unknown customer ${opts.customerId} in ${shop.domain}`);
    const orders = opts.orderIds ?? core.state.orders.filter((o) => o.shop === shop.domain && o.customerId === customer.id).map((o) => o.id);
    payload = topic === 'customers/data_request' ? dataRequestPayload(shop, customer, orders, core.store.nextId()) : customerRedactPayload(shop, customer, orders);
    core.commit();
  }
  return core.dispatcher.enqueue(shop.domain, topic, payload, [{ uri: core.state.app.complianceUri, subscriptionId: null, apiVersion: DEFAULT_API_VERSION }]);
}
