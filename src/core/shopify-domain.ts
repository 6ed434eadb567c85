/**
 * A Shopify shop's domain, read one way by the server (install links, OAuth, connect, compliance
 * webhooks) and the browser (/shopify/entry, the test page's form): `name.myshopify.com`, lower-cased.
 * Shopify's own rule, `^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$` (decision 020), on the
 * lower-cased text: letters, digits and hyphens, never an underscore.
 */

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

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
