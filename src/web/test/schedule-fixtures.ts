/** Answers of the calendar's endpoints for web tests: a review request of the list and a send forecast. */
import type { RequestItem, SendForecast } from '#core/api/review-requests';

/** A scheduled e-mail request due in three days, with `overrides`. */
export function requestItem(overrides: Partial<RequestItem> & Pick<RequestItem, 'id'>): RequestItem {
  return {
    customer_name: null,
    customer_email: null,
    order_number: null,
    shopify_order_id: null,
    status: 'scheduled',
    scheduled_at: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
    sent_at: null,
    channel: 'email',
    locale: 'fr',
    token: `tok-${overrides.id}`,
    attempts: 0,
    last_error: null,
    unconfirmed: false,
    created_at: '2025-10-01T09:00:00Z',
    kind: 'first',
    reminder_of: null,
    postponed_at: null,
    withdrawn_reason: null,
    ...overrides,
  };
}

/** A forecast of store st1 until 23 December 2025: 860 of 1,000 e-mails left, 100 a day, nothing due unless `totals` say so. */
export function sendForecast(overrides: Partial<SendForecast> = {}, totals: Partial<SendForecast['totals']> = {}): SendForecast {
  return {
    store_id: 'st1',
    period_end: '2025-12-23T10:00:00.000Z',
    quota: 1000,
    used: 140,
    remaining_quota: 860,
    daily_limit: 100,
    sent_today: 12,
    paused: false,
    days: [],
    ...overrides,
    totals: { due: 0, sent: 0, waiting: 0, first_waiting_at: null, limited_by: null, ...totals },
  };
}
