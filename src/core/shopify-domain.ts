/**
 * A Shopify shop's domain, read one way by the server (install links, OAuth, connect) and the
 * browser (/shopify/entry, the test page's form): `name.myshopify.com`, lower-cased.
 */

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-_]*\.myshopify\.com$/;

/** What a person or Shopify typed, tidied: trimmed, lower-cased, without protocol nor trailing slash. */
export function cleanShopInput(input: string | null | undefined): string {
  return (input ?? '')
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
}

/** The shop's domain, tidied; null unless it is a valid `*.myshopify.com` domain. */
export function normalizeShopDomain(input: string | null | undefined): string | null {
  const shop = cleanShopInput(input);
  return SHOP_DOMAIN.test(shop) ? shop : null;
}
