// The topics the app subscribes, against what Shopify publishes: each must exist in the Admin API's
// WebhookSubscriptionTopic enum of the configured version, the configured scopes must cover what
// Shopify says the topic requires, and Shopify's enum value must read back as the topic's REST name
// (the diagnostic compares what Shopify lists with what the app needs).
import { isEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DIAGNOSED_TOPICS } from '#core/api/shopify';
import { loadConfig } from '../config';
import { loadShopifySchema } from '#tests/shopify/shopify-schema';
import { REQUIRED_TOPICS, topicEnum, topicName } from './webhook-subscriptions';

const config = loadConfig({});
const shopify = loadShopifySchema(config.shopify.apiVersion);
const topicType = shopify.schema.getType('WebhookSubscriptionTopic');
if (!isEnumType(topicType)) throw new Error('WebhookSubscriptionTopic is not an enum in the vendored schema');
const granted = config.shopify.scopes.split(',').map((s) => s.trim());

/** "Requires the `read_x` scope." or "Requires at least one of the following scopes: a, b." → alternatives. */
function requiredScopes(description: string): string[] | null {
  const text = description.replace(/\s+/g, ' ');
  const one = /Requires the `([a-z_]+)` scope/.exec(text);
  if (one) return [one[1]!];
  const any = /Requires at least one of the following scopes: ([a-z_, ]+)\./.exec(text);
  return any ? any[1]!.split(',').map((s) => s.trim()) : null;
}

describe('the webhook topics the app subscribes', () => {
  it('includes the delivery events, which the diagnostic checks too', () => {
    expect(REQUIRED_TOPICS).toContain('fulfillment_events/create');
    for (const topic of DIAGNOSED_TOPICS) expect(REQUIRED_TOPICS).toContain(topic);
  });

  it.each(REQUIRED_TOPICS.map((t) => [t]))('%s: exists on Shopify, reads back from its enum value, and the configured scopes allow it', (topic) => {
    const value = topicType.getValue(topicEnum(topic));
    expect(value, `${topicEnum(topic)} in WebhookSubscriptionTopic ${shopify.version}`).toBeDefined();
    expect(topicName(value!.name)).toBe(topic);
    const needs = requiredScopes(value!.description ?? '');
    if (needs)
      expect(
        needs.some((scope) => granted.includes(scope) || granted.includes(scope.replace(/^read_/, 'write_'))),
        `${topic} needs one of ${needs.join(', ')}`,
      ).toBe(true);
  });

  it('reads fulfillment_events/create as Shopify documents it: read_fulfillments', () => {
    expect(requiredScopes(topicType.getValue('FULFILLMENT_EVENTS_CREATE')!.description ?? '')).toEqual(['read_fulfillments']);
    expect(granted).toContain('read_fulfillments');
  });
});
