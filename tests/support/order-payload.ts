/**
 * A paid order as the intake reads a webhook's body (the REST Order resource's fields it maps,
 * orders/order.ts), for tests that turn orders into requests: the order `id`, paid on 20 November.
 */
import type { WebhookOrder } from '#server/orders/order';

export function paidOrderPayload(id: number, extra: Partial<WebhookOrder> = {}): WebhookOrder {
  return {
    id: String(id),
    name: `#${id}`,
    email: `client-${id}@exemple.test`,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:05:00Z',
    processed_at: '2026-11-20T10:00:00Z',
    cancelled_at: null,
    financial_status: 'paid',
    fulfillment_status: null,
    total_price: 80,
    currency: 'EUR',
    customer: { first_name: 'Léa', last_name: 'Dubois', email: null },
    ...extra,
  };
}
