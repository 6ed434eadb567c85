/**
 * Makes an uploaded SVG safe to serve and to rasterise. An SVG is a document that can run scripts,
 * load other resources and define XML entities, so it is never stored as uploaded: it is parsed as
 * strict XML and REBUILT from an allow-list. Whatever the list does not name is dropped; nothing is
 * "cleaned" in place, and the output is serialised by this module with every value escaped.
 *
 * Defence in depth: the result is also served with `Content-Security-Policy: sandbox` (routes.ts) and
 * only ever shown through <img>, where browsers run no script. This module must be safe on its own.
 *
 * What is refused outright (ImageRejected('unreadable')): anything that is not well-formed XML, a root
 * that is not `svg` in the SVG namespace, a DOCTYPE other than the standard public SVG one (entities:
 * billion laughs, XXE), and absurd nesting or element counts.
 */
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { ATTRIBUTES, ELEMENTS, SAFE_FUNCTIONS } from './svg-allowlist';
import { ImageRejected } from './types';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** Far beyond any logo; refuses documents built to exhaust the parser or the rasteriser. */
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

/**
 * The one DOCTYPE accepted: the W3C public identifier of SVG 1.0/1.1 (what Illustrator wrote for
 * years), WITHOUT an internal subset. Without `[`…`]` it declares no entity; saxes never fetches the
 * external DTD, and the output carries no DOCTYPE. Every other DOCTYPE (an internal subset, a SYSTEM
 * identifier such as file:///etc/passwd) is refused.
 */
const ACCEPTED_DOCTYPE =
  /^\s*svg\s+PUBLIC\s+"-\/\/W3C\/\/DTD SVG 1\.[01](?: (?:Basic|Tiny))?\/\/EN"\s+"http:\/\/www\.w3\.org\/Graphics\/SVG\/1\.[01]\/DTD\/svg[0-9a-z-]*\.dtd"\s*$/;

/** A reference inside the document (`#id`): the only link an SVG keeps. */
const LOCAL_REFERENCE = /^#[A-Za-z0-9_][A-Za-z0-9_.:-]*$/;
/** The one external reference kept: a raster image embedded in the file itself (no SVG: it could nest anything). */
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/** Removes what browsers ignore inside a URL or a keyword (whitespace, control characters) and folds case. */
function normalised(value: string): string {
  return value.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '').toLowerCase();
}

/** True when every `url(` is `url(#id)` and every other function is on SAFE_FUNCTIONS. */
function functionsAreSafe(flat: string): boolean {
  for (const match of flat.matchAll(/([a-z0-9_-]*)\(/g)) {
    const name = match[1]!;
    if (name === 'url') {
      const rest = flat.slice(match.index + match[0].length);
      if (!/^(['"]?)#[a-z0-9_][a-z0-9_.:-]*\1\)/.test(rest)) return false;
    } else if (!SAFE_FUNCTIONS.has(name)) {
      return false;
    }
  }
  return true;
}

/** Any attribute value (and CSS, below): no script URL, no function that could load something. */
function isSafeValue(value: string): boolean {
  const flat = normalised(value);
  if (flat.includes('javascript:') || flat.includes('vbscript:')) return false;
  return functionsAreSafe(flat);
}

/**
 * A style attribute or the text of <style>. Refused: `\` (CSS escapes can spell anything, such as
 * `u\72l(`), `<` (no CSS needs it; `</` could end an HTML context), @import, the old script hooks
 * (expression(), behavior, -moz-binding), and anything isSafeValue refuses. Checked with and without
 * comments, so `u/**\/rl(` or `@im/**\/port` cannot slip through either way.
 */
function isSafeCss(css: string): boolean {
  if (css.includes('\\') || css.includes('<')) return false;
  const withoutComments = css.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '');
  return [css, withoutComments].every((text) => {
    const flat = normalised(text);
    if (flat.includes('@import') || flat.includes('behavior') || flat.includes('-moz-binding')) return false;
    return isSafeValue(text);
  });
}

/** href / xlink:href: a local `#id` anywhere; on <image>, an embedded raster image too. Never http:, file:, javascript:... */
function safeHref(element: string, value: string): boolean {
  const trimmed = value.trim();
  if (LOCAL_REFERENCE.test(trimmed)) return true;
  return element === 'image' && DATA_IMAGE.test(trimmed);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  // Tabs and line breaks as references: a literal one would be turned into a space by the next parser.
  return escapeText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/** The attributes of an allowed element that survive, as [name as written in the output, value]. */
function keptAttributes(element: string, attributes: Record<string, SaxesAttributeNS>): [string, string][] {
  const kept: [string, string][] = [];
  for (const attribute of Object.values(attributes)) {
    // Event handlers in any case and any namespace: not on the list anyway, refused by name too.
    if (/^on/i.test(attribute.local)) continue;
    let name: string | null = null;
    if (attribute.uri === '' && attribute.prefix === '') {
      if (attribute.local === 'href' || ATTRIBUTES.has(attribute.local)) name = attribute.local;
    } else if (attribute.uri === XLINK_NS && attribute.local === 'href') {
      name = 'xlink:href';
    } else if (attribute.uri === XML_NS && attribute.local === 'space') {
      name = 'xml:space';
    }
    // Namespace declarations (xmlns, xmlns:*) and foreign attributes (inkscape:*, i:*) end here.
    if (name === null) continue;

    const value = attribute.value;
    let safe: boolean;
    if (name === 'href' || name === 'xlink:href') safe = safeHref(element, value);
    else if (name === 'style') safe = isSafeCss(value);
    else if (name === 'xml:space') safe = value === 'default' || value === 'preserve';
    else safe = isSafeValue(value);
    if (safe) kept.push([name, value]);
  }
  return kept;
}

function reject(): never {
  throw new ImageRejected('unreadable');
}

/**
 * The SVG rebuilt from the allow-list, as UTF-8 text without XML declaration or DOCTYPE. Throws
 * ImageRejected('unreadable') when the text is not a well-formed SVG document or cannot be made safe.
 */
export function sanitizeSvg(text: string): string {
  try {
    return rebuild(text);
  } catch (error) {
    // A saxes well-formedness error or one of our refusals: the same answer either way.
    if (error instanceof ImageRejected) throw error;
    throw new ImageRejected('unreadable');
  }
}

function rebuild(text: string): string {
  const out: string[] = [];
  /** Open elements that were kept (their names, for the closing tags). */
  const open: string[] = [];
  /** > 0 inside an element being dropped: everything down to its end tag is ignored. */
  let dropping = 0;
  let elements = 0;
  let sawRoot = false;
  /** The text of the <style> element being read, checked as a whole when it ends. */
  let styleText: string | null = null;

  const parser = new SaxesParser({ xmlns: true });

  parser.on('doctype', (doctype) => {
    if (!ACCEPTED_DOCTYPE.test(doctype)) reject();
  });
  // Comments and processing instructions are dropped: `<?xml-stylesheet href="http://...">` would load a sheet.

  parser.on('opentag', (tag: SaxesTagNS) => {
    elements += 1;
    if (elements > MAX_ELEMENTS || open.length + dropping >= MAX_DEPTH) reject();
    if (!sawRoot) {
      sawRoot = true;
      if (tag.local !== 'svg' || tag.uri !== SVG_NS) reject();
    }
    if (dropping > 0 || styleText !== null) {
      // Inside a dropped element, or an element inside <style> (which holds only text): dropped.
      dropping += 1;
      return;
    }
    if (tag.uri !== SVG_NS || !ELEMENTS.has(tag.local)) {
      dropping = 1;
      return;
    }
    const attributes = keptAttributes(tag.local, tag.attributes as Record<string, SaxesAttributeNS>);
    if (tag.local === 'image' && !attributes.some(([name]) => name === 'href' || name === 'xlink:href')) {
      // An image without an embedded picture would only ever load something from elsewhere.
      dropping = 1;
      return;
    }
    if (tag.local === 'style') {
      // Written when it ends, if its text passes; never any attribute (type, media: none needed).
      styleText = '';
      return;
    }
    // Elements are written without prefix, in the SVG namespace the root declares (plus xlink for href).
    const namespaces = open.length === 0 ? ` xmlns="${SVG_NS}" xmlns:xlink="${XLINK_NS}"` : '';
    out.push(`<${tag.local}${namespaces}${attributes.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`);
    open.push(tag.local);
  });

  const onText = (content: string) => {
    if (dropping > 0) return;
    if (styleText !== null) styleText += content;
    // Text outside the root is whitespace (saxes refuses anything else).
    else if (open.length > 0) out.push(escapeText(content));
  };
  parser.on('text', onText);
  // A CDATA section is just text: written escaped, never as CDATA again.
  parser.on('cdata', onText);

  parser.on('closetag', () => {
    if (dropping > 0) {
      dropping -= 1;
      return;
    }
    if (styleText !== null) {
      if (isSafeCss(styleText)) out.push(`<style>${escapeText(styleText)}</style>`);
      styleText = null;
      return;
    }
    out.push(`</${open.pop()!}>`);
  });

  parser.write(text).close();
  if (!sawRoot || open.length > 0) reject();
  return out.join('');
}
