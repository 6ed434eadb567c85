/** Colour helpers shared by the e-mail, the public review page and the branding previews (WCAG 2). */

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const HEX6 = /^#[0-9a-f]{6}$/i;

/** A colour as the API takes it: `#RRGGBB`. */
export const isHexColor = (value: string): boolean => HEX6.test(value);

/**
 * What a merchant may type for a colour, as the API wants it: `#56dadc` from `56dadc`,
 * ` #56DADC ` or `#5dc` (the long form of a short colour). Anything else is left as typed.
 */
export function normalizeHex(value: string): string {
  const text = value.trim();
  const bare = text.startsWith('#') ? text.slice(1) : text;
  if (/^[0-9a-f]{6}$/i.test(bare)) return `#${bare}`;
  if (/^[0-9a-f]{3}$/i.test(bare)) return `#${bare.replace(/(.)/g, '$1$1')}`;
  return text;
}

/** Only plain hex colours reach a style attribute. */
export function safeColor(value: string | null | undefined, fallback: string): string {
  return value && HEX.test(value) ? value : fallback;
}

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG relative luminance of a hex colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two hex colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Near-black or white, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio(background, '#111827') >= contrastRatio(background, '#ffffff') ? '#111827' : '#ffffff';
}

/**
 * The merchant's text colour when it is readable on the background (WCAG AA, 4.5:1), else the
 * readable one: a brand colour must never make a button unreadable.
 */
export function legibleText(background: string, preferred: string | null | undefined): string {
  const text = safeColor(preferred, readableOn(background));
  return contrastRatio(background, text) >= 4.5 ? text : readableOn(background);
}
