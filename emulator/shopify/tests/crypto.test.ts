import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeHost, queryHmac, queryHmacMessage, verifyQueryHmac, webhookHmac } from '../crypto';

describe('query HMAC (install link, OAuth callback)', () => {
  it('matches the reference vector with secret "hush"', () => {
    const params = {
      code: '0907a61c0c8d55e99db179b68161bc00',
      shop: 'some-shop.myshopify.com',
      state: '0.6784241404160823',
      timestamp: '1337178173',
      hmac: 'ignored',
    };
    expect(queryHmacMessage(params)).toBe('code=0907a61c0c8d55e99db179b68161bc00&shop=some-shop.myshopify.com&state=0.6784241404160823&timestamp=1337178173');
    expect(queryHmac(params, 'hush')).toBe('700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf');
  });

  it('sorts keys, encodes spaces as %20 and arrays as k[]=v', () => {
    expect(queryHmacMessage({ b: 'x y', a: ['1', '2'], signature: 's' })).toBe('a%5B%5D=1&a%5B%5D=2&b=x%20y');
    expect(queryHmacMessage({ q: 'a+b' })).toBe('q=a%2Bb');
  });

  it('verifies hex HMAC and a timestamp within 90 s', () => {
    const now = 1_800_000_000;
    const params = { shop: 'a.myshopify.com', timestamp: String(now) };
    const signed = { ...params, hmac: queryHmac(params, 'hush') };
    expect(verifyQueryHmac(signed, 'hush', now + 90)).toBe(true);
    expect(verifyQueryHmac(signed, 'hush', now + 91)).toBe(false);
    expect(verifyQueryHmac(signed, 'other', now)).toBe(false);
    expect(verifyQueryHmac({ ...signed, shop: 'b.myshopify.com' }, 'hush', now)).toBe(false);
  });

  it('encodes host as base64url of {shop}/admin', () => {
    expect(Buffer.from(encodeHost('maison-lumiere.myshopify.com'), 'base64url').toString()).toBe('maison-lumiere.myshopify.com/admin');
  });
});

describe('webhook HMAC', () => {
  it('matches the reference vector: {"id":1} with "hush"', () => {
    expect(webhookHmac('{"id":1}', 'hush')).toBe('VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=');
    expect(webhookHmac(Buffer.from('{"id":1}'), 'hush')).toBe('VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=');
  });

  it('signs the raw UTF-8 bytes', () => {
    const body = '{"name":"Maison Lumière"}';
    expect(webhookHmac(body, 's')).toBe(createHmac('sha256', 's').update(Buffer.from(body, 'utf8')).digest('base64'));
  });
});
