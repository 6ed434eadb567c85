// Webhook topics: GraphQL enum value <-> REST topic name.

export const WEBHOOK_TOPICS = {
  APP_UNINSTALLED: 'app/uninstalled',
  APP_SCOPES_UPDATE: 'app/scopes_update',
  APP_SUBSCRIPTIONS_UPDATE: 'app_subscriptions/update',
  APP_SUBSCRIPTIONS_APPROACHING_CAPPED_AMOUNT: 'app_subscriptions/approaching_capped_amount',
  CUSTOMERS_CREATE: 'customers/create',
  CUSTOMERS_UPDATE: 'customers/update',
  CUSTOMERS_DELETE: 'customers/delete',
  FULFILLMENTS_CREATE: 'fulfillments/create',
  FULFILLMENTS_UPDATE: 'fulfillments/update',
  FULFILLMENT_EVENTS_CREATE: 'fulfillment_events/create',
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_PAID: 'orders/paid',
  ORDERS_FULFILLED: 'orders/fulfilled',
  ORDERS_PARTIALLY_FULFILLED: 'orders/partially_fulfilled',
  ORDERS_CANCELLED: 'orders/cancelled',
  ORDERS_DELETE: 'orders/delete',
  ORDERS_EDITED: 'orders/edited',
  PRODUCTS_CREATE: 'products/create',
  PRODUCTS_UPDATE: 'products/update',
  REFUNDS_CREATE: 'refunds/create',
  SHOP_UPDATE: 'shop/update',
} as const;

export type WebhookTopicEnum = keyof typeof WEBHOOK_TOPICS;

export function restTopic(topic: string): string | undefined {
  return (WEBHOOK_TOPICS as Record<string, string>)[topic];
}

export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
