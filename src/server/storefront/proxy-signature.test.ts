// Shopify's app-proxy signature, with the example of Shopify's documentation (« Authenticate app
// proxies », secret `hush`), verified by the app and refused when anything signed changes.
import { describe, expect, it } from 'vitest';
import { appProxyMessage, appProxySignature, verifyAppProxy } from './proxy-signature';

// Shopify's example: GET /apps/awesome_reviews/extra/path/components?extra=1&extra=2 forwarded with these parameters.
const DOCUMENTED = 'extra=1&extra=2&shop=shop-name.myshopify.com&logged_in_customer_id=1&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555';
const DOCUMENTED_SIGNATURE = '4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb';
const AT = 1317327555 * 1000;

describe("Shopify's app-proxy signature", () => {
  it('signs the sorted key=value pairs joined without separator, a repeated key’s values joined by commas', () => {
    const params = new URLSearchParams(DOCUMENTED);
    expect(appProxyMessage(params)).toBe('extra=1,2logged_in_customer_id=1path_prefix=/apps/awesome_reviewsshop=shop-name.myshopify.comtimestamp=1317327555');
    expect(appProxySignature(params, 'hush')).toBe(DOCUMENTED_SIGNATURE);
  });

  it('accepts the documented request and names its shop', () => {
    expect(verifyAppProxy(new URLSearchParams(`${DOCUMENTED}&signature=${DOCUMENTED_SIGNATURE}`), ['hush'], AT)).toBe('shop-name.myshopify.com');
    // During a secret rotation, either secret.
    expect(verifyAppProxy(new URLSearchParams(`${DOCUMENTED}&signature=${DOCUMENTED_SIGNATURE}`), ['new-secret', 'hush'], AT)).toBe('shop-name.myshopify.com');
  });

  it.each([
    ['another shop', DOCUMENTED.replace('shop-name', 'other-shop'), DOCUMENTED_SIGNATURE, AT],
    ['a parameter added', `${DOCUMENTED}&page=2`, DOCUMENTED_SIGNATURE, AT],
    ['a changed value', DOCUMENTED.replace('extra=2', 'extra=3'), DOCUMENTED_SIGNATURE, AT],
    ['another secret', DOCUMENTED, DOCUMENTED_SIGNATURE, AT, ['not-hush']],
    ['no signature', DOCUMENTED, '', AT],
    ['a signature that is not hex', DOCUMENTED, 'z'.repeat(64), AT],
    ['a timestamp 91 s old', DOCUMENTED, DOCUMENTED_SIGNATURE, AT + 91_000],
    ['a timestamp 91 s ahead', DOCUMENTED, DOCUMENTED_SIGNATURE, AT - 91_000],
  ])('refuses %s', (_what, query, signature, now, secrets = ['hush']) => {
    expect(verifyAppProxy(new URLSearchParams(`${query}&signature=${signature}`), secrets as string[], now as number)).toBeNull();
  });

  it('the local Shopify signs as the app verifies', async () => {
    const { signProxyQuery } = await import('#emulator/shopify/storefront/routes');
    const params = new URLSearchParams(DOCUMENTED);
    expect(signProxyQuery(params, 'hush')).toBe(DOCUMENTED_SIGNATURE);
  });
});
