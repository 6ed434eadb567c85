/**
 * The shop-domain checks of the install screens. The rule itself is the server's
 * (src/core/shopify-domain.ts): one definition of a valid `*.myshopify.com` domain.
 */
import { cleanShopInput, normalizeShopDomain } from '#core/shopify-domain';

export { normalizeShopDomain };

export type ShopCheck = { ok: true; shop: string } | { ok: false; error: 'missing' | 'invalid' };

/** Checks the `shop` query parameter of /shopify/entry: missing (nothing once tidied) or invalid. */
export function checkShopParam(raw: string | null): ShopCheck {
  if (!cleanShopInput(raw)) return { ok: false, error: 'missing' };
  const shop = normalizeShopDomain(raw);
  return shop ? { ok: true, shop } : { ok: false, error: 'invalid' };
}
