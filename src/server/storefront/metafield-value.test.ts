// The storefront metafield's value is measured before it is written (decision 043): within Shopify's
// 128 KB for a json metafield whatever the reviews, the newest reviews kept with the start of their
// words, and a value that fits left as it is.
import { describe, expect, it } from 'vitest';
import { storefrontSnapshot, type StorefrontSnapshot } from '#core/api/storefront';
import { JSON_METAFIELD_MAX_BYTES, metafieldValue } from './metafield-value';

const snapshot = (comment: string, name = 'Marie D.'): StorefrontSnapshot => ({
  version: 1,
  count: 12,
  average: 4.2,
  average_label: '4,2',
  average_percent: 84,
  distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: rating === 5 ? 12 : 0, percent: rating === 5 ? 100 : 0 })),
  hidden: 0,
  reviews: Array.from({ length: 5 }, (_, i) => ({ name, date: `2026-11-2${i}`, date_label: `2${i} novembre 2026`, rating: 5, comment, verified: true })),
  more: true,
  accent: '#56dadc',
  proxy_path: '/apps/avis',
  updated_at: '2026-11-29T10:00:00.000Z',
});

describe('the storefront metafield’s value', () => {
  it('is the snapshot as it is when it fits', () => {
    const small = snapshot('Très belle bougie, livrée vite.');
    expect(metafieldValue(small)).toBe(JSON.stringify(small));
  });

  it('stays within 128 KB with five reviews of 5,000 characters that weigh the most once written as JSON', () => {
    // Control characters weigh six bytes each once escaped (\u0001): five such comments, 150 KB as JSON.
    const heavy = snapshot('🕯'.repeat(100) + '\u0001'.repeat(4800), 'Marie-Élisabeth-Anne-Charlotte-Joséphine de La Rochefoucauld-Montmorency');
    expect(Buffer.byteLength(JSON.stringify(heavy))).toBeGreaterThan(JSON_METAFIELD_MAX_BYTES);

    const value = metafieldValue(heavy);
    expect(Buffer.byteLength(value)).toBeLessThanOrEqual(JSON_METAFIELD_MAX_BYTES);
    const written = storefrontSnapshot.parse(JSON.parse(value));
    // The aggregate and the five newest reviews stay; their words are shortened, said with « … ».
    expect(written).toMatchObject({ count: 12, average_label: '4,2', more: true, proxy_path: '/apps/avis' });
    expect(written.reviews.map((r) => r.date)).toEqual(heavy.reviews.map((r) => r.date));
    for (const review of written.reviews) {
      expect(review.comment!.endsWith('…')).toBe(true);
      expect(heavy.reviews[0]!.comment!.startsWith(review.comment!.slice(0, -1))).toBe(true);
    }
  });

  it('shortens only as much as needed: a smaller limit cuts deeper', () => {
    const heavy = snapshot('é'.repeat(5000));
    const loose = JSON.parse(metafieldValue(heavy, 40_000)) as StorefrontSnapshot;
    const tight = JSON.parse(metafieldValue(heavy, 8_000)) as StorefrontSnapshot;
    expect([...loose.reviews[0]!.comment!].length).toBeGreaterThan([...tight.reviews[0]!.comment!].length);
    expect(Buffer.byteLength(metafieldValue(heavy, 8_000))).toBeLessThanOrEqual(8_000);
  });
});
