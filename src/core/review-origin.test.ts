import { describe, expect, it } from 'vitest';
import { isVerifiedPurchase, REVIEW_ORIGINS, shownOnStorefront } from './review-origin';

describe('a review’s origin and the storefront (decision 044)', () => {
  it('calls only an order’s review a verified purchase', () => {
    expect(REVIEW_ORIGINS.filter(isVerifiedPurchase)).toEqual(['order']);
  });

  it('shows an order’s review unless hidden, and any other only when the store shows unverified reviews', () => {
    const table = REVIEW_ORIGINS.flatMap((origin) =>
      [false, true].flatMap((hidden) => [false, true].map((showUnverified) => [origin, hidden, showUnverified, shownOnStorefront({ origin, hidden }, showUnverified)])),
    );
    expect(table.filter(([, , , shown]) => shown).map(([origin, hidden, showUnverified]) => `${String(origin)} ${String(hidden)} ${String(showUnverified)}`)).toEqual([
      'order false false',
      'order false true',
      'shared_link false true',
      'no_order false true',
    ]);
  });
});
