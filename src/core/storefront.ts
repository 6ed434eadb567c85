/**
 * Reviews on the storefront (decision 028): what a buyer may see of a review, and the names the app,
 * the theme app extension and the local Shopify share. Pure: used by the server and the browser.
 */

/** The app-data metafield the block reads: `app.metafields.avis_clients.storefront` (type json). */
export const STOREFRONT_METAFIELD = { namespace: 'avis_clients', key: 'storefront', type: 'json' } as const;

/** The theme app extension's folder (extensions/avis-clients), its app block and its app embed. */
export const THEME_EXTENSION = { handle: 'avis-clients', block: 'avis-clients', embed: 'badge-avis' } as const;

/** The app proxy as shopify.app.toml declares it: /apps/avis on the shop → APP_URL/storefront-proxy. */
export const APP_PROXY = { prefix: 'apps', subpath: 'avis', path: '/storefront-proxy' } as const;

/** Where the block's links go on the shop unless the merchant moved the app proxy: `/apps/avis`. */
export const DEFAULT_PROXY_PATH = `/${APP_PROXY.prefix}/${APP_PROXY.subpath}`;

/**
 * Where a merchant may put the app proxy on the shop (Shopify's `path_prefix`): one of Shopify's four
 * prefixes and a subpath of letters, digits, underscores and hyphens, up to 30 characters.
 */
export const PROXY_PATH = /^\/(apps|a|community|tools)\/[A-Za-z0-9_-]{1,30}$/;

/** The newest reviews the metafield carries; « Voir plus » pages hold as many each. */
export const STOREFRONT_LATEST = 5;
export const STOREFRONT_PAGE_SIZE = 10;
/** The deepest « Voir plus » page served (older reviews stay in the merchant's list). */
export const STOREFRONT_MAX_PAGE = 100;

/**
 * The reviewer as a buyer sees them: first name and the initial of the last word (« Marie D. »), the
 * first name alone when there is one word, null when there is no name. Never the e-mail.
 */
export function publicName(name: string | null | undefined): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const first = words[0]!;
  if (words.length === 1) return first;
  const initial = [...words[words.length - 1]!][0]!.toLocaleUpperCase('fr-FR');
  return `${first} ${initial}.`;
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** « 1er mars 2026 », « 12 novembre 2026 » (UTC day). */
export function frenchDate(iso: string): string {
  const d = new Date(iso);
  const day = d.getUTCDate();
  return `${day === 1 ? '1er' : day} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** « 4,3 »: one decimal, French comma. */
export const frenchAverage = (average: number) => average.toFixed(1).replace('.', ',');

/**
 * The theme editor with the app block added to the home page in a new Apps section, as Shopify
 * documents its deep link (`https://{shop}/admin/themes/current/editor?template=index&addAppBlockId={api_key}/{handle}&target=newAppsSection`);
 * the app embed's link opens the editor's app embeds with the badge switched on. `adminUrl` is the
 * shop's admin (`https://{shop}/admin`, or the local Shopify's).
 */
export function themeEditorLinks(adminUrl: string, apiKey: string): { block: string; embed: string } {
  const base = `${adminUrl}/themes/current/editor`;
  return {
    block: `${base}?template=index&addAppBlockId=${apiKey}/${THEME_EXTENSION.block}&target=newAppsSection`,
    embed: `${base}?context=apps&template=index&activateAppId=${apiKey}/${THEME_EXTENSION.embed}`,
  };
}
