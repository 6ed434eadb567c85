import { describe, expect, it } from 'vitest';
import { dateFilter, ordersSinceQuery } from './admin-api';

describe('order searches', () => {
  const now = new Date('2026-11-24T10:30:00.000Z');

  it('quote the date-time, as Shopify search syntax wants a value holding colons', () => {
    expect(dateFilter('updated_at', now)).toBe("updated_at:>='2026-11-24T10:30:00.000Z'");
  });

  it('read the orders created in the last days, paid ones only when asked', () => {
    expect(ordersSinceQuery(60, {}, now)).toBe("created_at:>='2026-09-25T10:30:00.000Z'");
    expect(ordersSinceQuery(60, { paidOnly: true }, now)).toBe("created_at:>='2026-09-25T10:30:00.000Z' financial_status:paid");
  });
});
