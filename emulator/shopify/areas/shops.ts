// Shops: creation, lookup by domain or bare name, and the links the admin gives to the app.
import type { EmulatorCore } from '../core';
import { SHOP_DOMAIN_RE, encodeHost, signedUrl } from '../crypto';
import { gid } from '../format';
import type { ShopRecord } from '../types';
import { EmulatorError, type CreateShopInput } from './shared';

export function normalizeDomain(input: string): string {
  const d = input
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
  return d.endsWith('.myshopify.com') ? d : `${d}.myshopify.com`;
}

export function createShop(core: EmulatorCore, input: CreateShopInput): ShopRecord {
  const domain = core.normalizeDomain(input.domain);
  if (!SHOP_DOMAIN_RE.test(domain)) throw new EmulatorError(400, `invalid shop domain "${domain}" (expected {name}.myshopify.com)`);
  if (core.findShop(domain)) throw new EmulatorError(409, `shop ${domain} already exists`);
  const handle = domain.replace(/\.myshopify\.com$/, '');
  const now = core.nowIso();
  const shop: ShopRecord = {
    id: core.store.nextId(),
    domain,
    name: input.name?.trim() || handle,
    email: input.email?.trim() || `owner@${handle}.example`,
    currency: input.currency ?? 'EUR',
    createdAt: now,
    updatedAt: now,
    nextOrderNumber: 1001,
    installation: null,
  };
  core.state.shops.push(shop);
  core.commit();
  return shop;
}

export function findShop(core: EmulatorCore, domain: string): ShopRecord | undefined {
  const d = domain.toLowerCase();
  return core.state.shops.find((s) => s.domain === d);
}

/** A path segment may be the full domain or just the shop name. */
export function resolveShop(core: EmulatorCore, param: string): ShopRecord | undefined {
  return core.findShop(param) ?? core.findShop(`${param}.myshopify.com`);
}

export function requireShop(core: EmulatorCore, domain: string): ShopRecord {
  const shop = core.resolveShop(domain);
  if (!shop) throw new EmulatorError(404, `unknown shop ${domain}`);
  return shop;
}

export function isInstalled(core: EmulatorCore, shop: ShopRecord): boolean {
  return Boolean(shop.installation && !shop.installation.uninstalledAt);
}

/** The URL Shopify's admin opens to install or open the app: `{installUrl}?hmac&host&shop&timestamp`. */
export function installLink(core: EmulatorCore, shopDomain: string): string {
  const shop = core.requireShop(shopDomain);
  return signedUrl(core.app.installUrl, { host: encodeHost(shop.domain), shop: shop.domain, timestamp: String(Math.floor(core.now().getTime() / 1000)) }, core.app.apiSecret);
}

export function adminUrl(core: EmulatorCore, shop: ShopRecord): string {
  return `${core.baseUrl}/store/${shop.domain}/admin`;
}

export function shopGid(shop: ShopRecord): string {
  return gid('Shop', shop.id);
}
