// Shopify's app-proxy signature, with both examples of Shopify's documentation (« Authenticate app
// proxies », secret `hush`: a signed-in customer and an anonymous visitor), verified by the app and
// refused when anything signed changes, or when the query can be read more than one way.
import { describe, expect, it } from 'vitest';
import { ambiguity, appProxyMessage, appProxySignature, verifyAppProxy } from './proxy-signature';

// Shopify's example: GET /apps/awesome_reviews/extra/path/components?extra=1&extra=2 forwarded with these parameters.
const DOCUMENTED = 'extra=1&extra=2&shop=shop-name.myshopify.com&logged_in_customer_id=1&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555';
const DOCUMENTED_SIGNATURE = '4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb';
// The same request from a visitor who is not signed in: `logged_in_customer_id` is there, empty.
const ANONYMOUS = DOCUMENTED.replace('logged_in_customer_id=1', 'logged_in_customer_id=');
const ANONYMOUS_SIGNATURE = 'e072b6d7e6622d85912a5214b860d3100dc1e73d9bc29f43796ac8c9ff8093cb';
const AT = 1317327555 * 1000;

describe("Shopify's app-proxy signature", () => {
  it('signs the sorted key=value pairs joined without separator, a repeated key’s values joined by commas', () => {
    const params = new URLSearchParams(DOCUMENTED);
    expect(appProxyMessage(params)).toBe('extra=1,2logged_in_customer_id=1path_prefix=/apps/awesome_reviewsshop=shop-name.myshopify.comtimestamp=1317327555');
    expect(appProxySignature(params, 'hush')).toBe(DOCUMENTED_SIGNATURE);
  });

  it('accepts the documented request and names its shop, its proxy path and its customer', () => {
    const signed = { shop: 'shop-name.myshopify.com', pathPrefix: '/apps/awesome_reviews', customerId: '1' };
    expect(verifyAppProxy(new URLSearchParams(`${DOCUMENTED}&signature=${DOCUMENTED_SIGNATURE}`), ['hush'], AT)).toEqual(signed);
    // During a secret rotation, either secret.
    expect(verifyAppProxy(new URLSearchParams(`${DOCUMENTED}&signature=${DOCUMENTED_SIGNATURE}`), ['new-secret', 'hush'], AT)).toEqual(signed);
  });

  it('signs and accepts the documented anonymous visitor: an empty logged_in_customer_id is signed as `logged_in_customer_id=`', () => {
    const params = new URLSearchParams(ANONYMOUS);
    expect(appProxyMessage(params)).toBe('extra=1,2logged_in_customer_id=path_prefix=/apps/awesome_reviewsshop=shop-name.myshopify.comtimestamp=1317327555');
    expect(appProxySignature(params, 'hush')).toBe(ANONYMOUS_SIGNATURE);
    expect(verifyAppProxy(new URLSearchParams(`${ANONYMOUS}&signature=${ANONYMOUS_SIGNATURE}`), ['hush'], AT)).toEqual({
      shop: 'shop-name.myshopify.com',
      pathPrefix: '/apps/awesome_reviews',
      customerId: null,
    });
    // The anonymous signature does not sign the signed-in request, nor the other way round.
    expect(verifyAppProxy(new URLSearchParams(`${DOCUMENTED}&signature=${ANONYMOUS_SIGNATURE}`), ['hush'], AT)).toBeNull();
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

  /** `query` signed with `hush` as Shopify would sign it, then verified at its own timestamp. */
  const signedAndVerified = (query: string) => {
    const params = new URLSearchParams(query);
    params.append('signature', appProxySignature(params, 'hush'));
    return verifyAppProxy(params, ['hush'], AT);
  };

  it.each(['shop', 'signature', 'timestamp', 'path_prefix', 'logged_in_customer_id', 'hmac'])('refuses a repeated %s, even correctly signed', (key) => {
    const value = { shop: 'victim.myshopify.com', signature: '0'.repeat(64), timestamp: '1317327555', path_prefix: '/apps/avis', logged_in_customer_id: '2', hmac: 'x' }[key]!;
    // The documented request carries each of them once (a signature of its own given here), plus `value`.
    const query = `${DOCUMENTED}&hmac=y${key === 'signature' ? `&signature=${DOCUMENTED_SIGNATURE}` : ''}&${key}=${encodeURIComponent(value)}`;
    expect(ambiguity(new URLSearchParams(query))).toBe(`${key} given twice`);
    expect(signedAndVerified(query)).toBeNull();
  });

  it('never answers another shop: `shop=victim&shop=attacker` signed for the attacker is refused', () => {
    // Signed as a whole (Shopify joins a repeated key's values), it would name the first shop.
    const query = 'shop=victim.myshopify.com&shop=attacker.myshopify.com&logged_in_customer_id=&path_prefix=%2Fapps%2Favis&timestamp=1317327555&page=1';
    expect(appProxyMessage(new URLSearchParams(query))).toContain('shop=victim.myshopify.com,attacker.myshopify.com');
    expect(signedAndVerified(query)).toBeNull();
  });

  it('refuses a key holding "=": `a=1b` with `2` signs the same text as `a=1` and `b=2`', () => {
    const plain = `${ANONYMOUS}&a=1&b=2`;
    const folded = `${ANONYMOUS}&${encodeURIComponent('a=1b')}=2`;
    expect(appProxyMessage(new URLSearchParams(folded))).toBe(appProxyMessage(new URLSearchParams(plain)));
    expect(signedAndVerified(plain)).not.toBeNull();
    expect(signedAndVerified(folded)).toBeNull();
  });

  it.each([
    ['a shop holding what could be another parameter', 'shop=shop-name.myshopify.comtimestamp%3D1'],
    ['a shop that is not a myshopify.com domain', 'shop=shop-name.example.com'],
    ['a timestamp that is not whole seconds', 'timestamp=1317327555.5'],
    ['a proxy path outside Shopify’s prefixes', 'path_prefix=%2Fadmin%2Favis'],
    ['a proxy path holding "="', 'path_prefix=%2Fapps%2Favis%3Dx'],
    ['a customer id that is not an id', 'logged_in_customer_id=1shop%3Dx'],
  ])('refuses %s, even correctly signed', (_what, replacement) => {
    const key = replacement.split('=')[0]!;
    const query = ANONYMOUS.split('&')
      .map((pair) => (pair.startsWith(`${key}=`) ? replacement : pair))
      .join('&');
    expect(ambiguity(new URLSearchParams(query))).not.toBeNull();
    expect(signedAndVerified(query)).toBeNull();
  });

  it('accepts a repeated parameter of the visitor’s own, as Shopify signs it (values joined by commas)', () => {
    expect(signedAndVerified(`${ANONYMOUS}&tag=a&tag=b`)).toMatchObject({ shop: 'shop-name.myshopify.com' });
  });

  it('the local Shopify signs as the app verifies', async () => {
    const { signProxyQuery } = await import('#emulator/shopify/storefront/routes');
    const params = new URLSearchParams(DOCUMENTED);
    expect(signProxyQuery(params, 'hush')).toBe(DOCUMENTED_SIGNATURE);
    expect(signProxyQuery(new URLSearchParams(ANONYMOUS), 'hush')).toBe(ANONYMOUS_SIGNATURE);
  });
});
