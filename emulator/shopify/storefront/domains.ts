// Where a shop's storefront lives on the local Shopify (decision 043). On Shopify a storefront is the
// root of its own origin: `{name}.myshopify.com`, the merchant's primary domain and, with markets,
// other domains of their own, all serving the same pages; `/apps/{subpath}` is relative to each. Here
// each shop is served at `{name}.myshopify.localhost` and at the domains given it (`*.localhost`,
// which browsers resolve to this machine), on the port of the local Shopify's own address.
import { EmulatorError } from '../areas/shared';
import type { EmulatorCore } from '../core';
import type { ShopRecord } from '../types';

/** Shopify's app proxy prefixes a merchant may choose, and its rule for the subpath. */
export const PROXY_PREFIXES = ['apps', 'a', 'community', 'tools'] as const;
const SUBPATH = /^[A-Za-z0-9_-]{1,30}$/;
const LOCAL_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+localhost$/;

/** The storefront's own host on the local Shopify: `maison-lumiere.myshopify.com` → `maison-lumiere.myshopify.localhost`. */
export const myshopifyHost = (shop: ShopRecord) => `${shop.domain.replace(/\.myshopify\.com$/, '')}.myshopify.localhost`;

/** Every host the shop's storefront answers on, the primary domain (what Liquid's `shop.url` names) first. */
export function storefrontHosts(shop: ShopRecord): string[] {
  return [...(shop.storefront?.domains ?? []), myshopifyHost(shop)];
}

/** `http://{host}:{port}`, with the local Shopify's scheme and port. */
export function storefrontOrigin(core: EmulatorCore, host: string): string {
  const base = new URL(core.baseUrl);
  return `${base.protocol}//${host}${base.port ? `:${base.port}` : ''}`;
}

/** The address of the shop's storefront: its home page on the primary domain. */
export function storefrontUrl(core: EmulatorCore, shop: ShopRecord): string {
  return `${storefrontOrigin(core, storefrontHosts(shop)[0]!)}/`;
}

/** The shop a storefront host belongs to (any of its domains), if any. */
export function shopForHost(core: EmulatorCore, hostname: string): ShopRecord | undefined {
  const host = hostname.toLowerCase();
  if (!host.endsWith('.localhost')) return undefined;
  return core.state.shops.find((shop) => storefrontHosts(shop).includes(host));
}

/**
 * The languages a shop's storefront is published in, its primary one first (Shopify's shop locales):
 * French alone unless set, as a French shop is created. Each language but the primary one is served
 * in a subfolder of every domain (`/en`), the primary one at the root, as Shopify documents a web
 * presence's alternate and default locales.
 */
export function storefrontLanguages(shop: ShopRecord): string[] {
  return shop.storefront?.languages ?? ['fr'];
}

/** A shop locale's ISO code as Shopify writes one: a language, and a region for a regional variant (`en`, `pt-BR`). */
const SHOP_LOCALE = /^[a-z]{2,3}(-[A-Z]{2})?$/;

/** The subfolder a published language is served in: `/en`, `/pt-br`; the primary language's is the root. */
export const languageRoot = (shop: ShopRecord, isoCode: string) => (isoCode === storefrontLanguages(shop)[0] ? '/' : `/${isoCode.toLowerCase()}`);

/** The published language a path's first segment names (`en` of `/en/…`), if any; never the primary one, served at the root. */
export function languageOfSubfolder(shop: ShopRecord, segment: string): string | undefined {
  return storefrontLanguages(shop)
    .slice(1)
    .find((iso) => iso.toLowerCase() === segment);
}

/** Where the app proxy is on this shop: the app's configuration unless the merchant moved it. */
export function proxyPlace(shop: ShopRecord, configured: { prefix: string; subpath: string }): { prefix: string; subpath: string } {
  return shop.storefront?.proxy ?? { prefix: configured.prefix, subpath: configured.subpath };
}

export interface StorefrontSettings {
  /** The shop's own domains, primary first (`*.localhost`); `[]` leaves only `{name}.myshopify.localhost`. */
  domains?: string[];
  /** Where the merchant moved the app proxy (Shopify's « personnaliser l'URL »); null puts it back. */
  proxy?: { prefix: string; subpath: string } | null;
  /** The languages the storefront is published in, the primary one first (`['fr', 'en']`); null puts back French alone. */
  languages?: string[] | null;
}

/** Sets a shop's domains and where the merchant put the app proxy, with Shopify's rules for both. */
export function setStorefront(core: EmulatorCore, shopDomain: string, input: StorefrontSettings): ShopRecord {
  const shop = core.requireShop(shopDomain);
  const current = shop.storefront ?? { domains: [] };
  const domains = input.domains === undefined ? current.domains : input.domains.map((d) => d.trim().toLowerCase());
  for (const domain of domains) {
    if (!LOCAL_DOMAIN.test(domain)) throw new EmulatorError(400, `invalid storefront domain "${domain}" (expected a name ending in .localhost)`);
    const owner = shopForHost(core, domain);
    if (owner && owner.domain !== shop.domain) throw new EmulatorError(409, `${domain} is a domain of ${owner.domain}`);
  }
  let proxy = input.proxy === undefined ? current.proxy : (input.proxy ?? undefined);
  if (proxy) {
    if (!(PROXY_PREFIXES as readonly string[]).includes(proxy.prefix)) throw new EmulatorError(400, `invalid proxy prefix "${proxy.prefix}" (apps, a, community or tools)`);
    if (!SUBPATH.test(proxy.subpath) || ['admin', 'services', 'password', 'login'].includes(proxy.subpath)) {
      throw new EmulatorError(400, `invalid proxy subpath "${proxy.subpath}" (letters, digits, _ and -, up to 30; not admin, services, password or login)`);
    }
    proxy = { prefix: proxy.prefix, subpath: proxy.subpath };
  }
  const languages = input.languages === undefined ? current.languages : (input.languages ?? undefined);
  if (languages) {
    if (languages.length === 0) throw new EmulatorError(400, 'a storefront has a primary language');
    for (const iso of languages) if (!SHOP_LOCALE.test(iso)) throw new EmulatorError(400, `invalid language "${iso}" (expected an ISO code such as en or pt-BR)`);
    if (new Set(languages.map((l) => l.toLowerCase())).size !== languages.length) throw new EmulatorError(400, 'a language is published once');
  }
  shop.storefront = { domains, ...(proxy ? { proxy } : {}), ...(languages ? { languages: [...languages] } : {}) };
  core.commit();
  return shop;
}
