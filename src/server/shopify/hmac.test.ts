import { describe, expect, it } from 'vitest';
import { freshTimestamp, normalizeShopDomain, queryMessage, signQuery, signWebhook, verifyQueryHmac, verifyWebhookHmac } from './hmac';

describe('Shopify query HMAC', () => {
  const query = {
    code: '0907a61c0c8d55e99db179b68161bc00',
    shop: 'some-shop.myshopify.com',
    state: '0.6784241404160823',
    timestamp: '1337178173',
  };
  const expected = '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf';

  it('matches the reference vector', () => {
    expect(signQuery(query, 'hush')).toBe(expected);
    expect(verifyQueryHmac({ ...query, hmac: expected }, 'hush')).toBe(true);
    expect(verifyQueryHmac(new URLSearchParams({ ...query, hmac: expected }), 'hush')).toBe(true);
  });

  it('rejects a wrong signature, a changed value, a missing hmac or another secret', () => {
    expect(verifyQueryHmac({ ...query, hmac: expected.replace(/^7/, '8') }, 'hush')).toBe(false);
    expect(verifyQueryHmac({ ...query, shop: 'evil.myshopify.com', hmac: expected }, 'hush')).toBe(false);
    expect(verifyQueryHmac(query, 'hush')).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac: expected }, 'other')).toBe(false);
  });

  it('ignores the signature parameter and encodes spaces as %20', () => {
    expect(queryMessage({ b: 'x y', a: '1', signature: 's', hmac: 'h' })).toBe('a=1&b=x%20y');
  });

  it('checks the timestamp within 90 seconds', () => {
    const now = 1_700_000_000_000;
    expect(freshTimestamp('1700000000', now)).toBe(true);
    expect(freshTimestamp('1699999900', now)).toBe(false);
    expect(freshTimestamp('1700000091', now)).toBe(false);
    expect(freshTimestamp('abc', now)).toBe(false);
    expect(freshTimestamp(undefined, now)).toBe(false);
  });
});

describe('Shopify webhook HMAC', () => {
  it('matches the reference vector and accepts either secret during a rotation', () => {
    expect(signWebhook('{"id":1}', 'hush')).toBe('VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=');
    expect(verifyWebhookHmac(Buffer.from('{"id":1}'), 'VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=', ['new', 'hush'])).toBe(true);
    expect(verifyWebhookHmac('{"id":2}', 'VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=', ['hush'])).toBe(false);
    expect(verifyWebhookHmac('{"id":1}', undefined, ['hush'])).toBe(false);
  });
});

describe('shop domains', () => {
  it('normalises and validates', () => {
    expect(normalizeShopDomain('  HTTPS://Ma-Boutique.myshopify.com/ ')).toBe('ma-boutique.myshopify.com');
    expect(normalizeShopDomain('ma-boutique.myshopify.com')).toBe('ma-boutique.myshopify.com');
    for (const bad of ['', null, 'example.com', 'evil.com/.myshopify.com', '-x.myshopify.com', 'a.b.myshopify.com.evil.com']) {
      expect(normalizeShopDomain(bad)).toBeNull();
    }
  });
});
