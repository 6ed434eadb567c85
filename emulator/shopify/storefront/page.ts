// The shop's home page as Shopify's storefront assembles it around the app's blocks (decision 043):
// each block's stylesheet as a <link> and its script as a `<script async>` in <head> (Shopify's
// documented way for a block's `javascript`, each file once), app blocks in the page's main section,
// app embeds (target `body`) just before </body>.
import { escapeHtml } from '../html';

export interface RenderedBlock {
  id: string;
  html: string;
}

export interface StorefrontPage {
  name: string;
  /** The page's language (`request.locale.iso_code`), as a theme writes it on <html>. */
  language: string;
  /** Root-relative URLs of the blocks' stylesheets and scripts. */
  styles: string[];
  scripts: string[];
  sections: RenderedBlock[];
  embeds: RenderedBlock[];
}

/** The page in two parts: <head> (sent first, as Shopify streams it) and the body. */
export function storefrontPage(p: StorefrontPage): { head: string; body: string } {
  const name = escapeHtml(p.name);
  const head = `<!doctype html>
<html lang="${escapeHtml(p.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name}</title>
<style>body{margin:0;font-family:Georgia,serif;color:#1a1a1a;background:#fff}header,footer{padding:1rem 1.5rem;background:#f5f1ea}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 2rem}</style>
${p.styles.map((s) => `<link rel="stylesheet" href="${escapeHtml(s)}">`).join('\n')}
${p.scripts.map((s) => `<script src="${escapeHtml(s)}" async></script>`).join('\n')}
</head>
`;
  const body = `<body>
<header><a href="/">${name}</a></header>
<main>
<h1>Bienvenue chez ${name}</h1>
<p>Des créations faites à la main, livrées chez vous.</p>
${p.sections.map((b) => `<div class="shopify-app-block" id="shopify-block-${escapeHtml(b.id)}">${b.html}</div>`).join('\n')}
</main>
<footer><p>© ${name}</p></footer>
${p.embeds.map((b) => `<div id="shopify-block-${escapeHtml(b.id)}">${b.html}</div>`).join('\n')}
</body>
</html>`;
  return { head, body };
}
