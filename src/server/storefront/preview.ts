/**
 * The moderation screen's preview: the app block « Avis et notes » as the storefront shows it, rendered
 * from the theme app extension's own Liquid and stylesheet with the store's current data (the same
 * evaluation as the local Shopify's storefront), as a document for a sandboxed frame, without script.
 */
import { readFileSync } from 'node:fs';
import type { ThemeExtension } from '#emulator/shopify/storefront/theme';
import type { StorefrontSnapshot } from '#core/api/storefront';
import { STOREFRONT_METAFIELD, THEME_EXTENSION } from '#core/storefront';
import { escapeHtml } from '#core/email/layout';
import { projectPath } from '../project-root';

let extension: ThemeExtension | null = null;
let stylesheet = '';

export async function renderBlockPreview(snapshot: StorefrontSnapshot, shop: { domain: string; name: string }): Promise<string> {
  if (!extension) {
    // The Liquid evaluation is the local Shopify's storefront's (emulator/): imported on the first
    // preview only, so the compiled server's main bundle carries none of the emulator (decision 031).
    const { loadThemeExtension } = await import('#emulator/shopify/storefront/theme');
    const dir = projectPath('extensions', THEME_EXTENSION.handle);
    extension = loadThemeExtension(dir, (file) => file);
    stylesheet = readFileSync(`${dir}/assets/avis-clients.css`, 'utf8');
  }
  const app = { metafields: { [STOREFRONT_METAFIELD.namespace]: { [STOREFRONT_METAFIELD.key]: { type: STOREFRONT_METAFIELD.type, value: snapshot } } } };
  const block = await extension.render(THEME_EXTENSION.block, { blockId: 'apercu', app, shop: { name: shop.name, url: `https://${shop.domain}`, domain: shop.domain } });
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(shop.name)}</title><style>body{margin:0;font-family:Georgia,serif;color:#1a1a1a;background:#fff}${stylesheet}</style></head><body>${block}</body></html>`;
}
