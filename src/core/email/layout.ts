/**
 * The one layout of every e-mail the product sends: the review request (the merchant's, branded)
 * and the product's own messages (password reset, review alert, privacy request, quotas).
 *
 * Pure (no Node API): the editor preview renders it in the browser. The HTML and the text part are
 * built from the same blocks, so both say the same thing. Every block is plain text, escaped here:
 * nothing a caller passes becomes markup, and only http(s) URLs become links or images.
 *
 * The HTML is what mail clients handle: nested tables 600 px wide, inline styles, no CSS classes,
 * no SVG (Gmail and Outlook do not show it).
 */
import { contrastRatio, safeColor } from '../color';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A row of the details table: a label and its value (plain text, line breaks kept). */
export interface EmailDetail {
  label: string;
  value: string;
}

export interface EmailButton {
  text: string;
  /** Dropped, with the button, unless it is an absolute http(s) URL. */
  url: string;
  background: string;
  color: string;
}

export interface EmailLayoutInput {
  /** The document's title (the subject). */
  title: string;
  /**
   * The top of the card: the logo (an http(s) URL of a PNG or JPEG, shown at most 200 px wide) or,
   * without one, the name in `color` (or near-black where `color` is too pale to read on white).
   */
  header: { name: string; logoUrl?: string | null; color: string };
  /** The card's top border. */
  accentColor: string;
  /** Plain text; each may hold several paragraphs (blank lines) and line breaks. Blank ones are dropped. */
  paragraphs: readonly (string | null | undefined)[];
  /** A two-column table after the paragraphs. */
  details?: readonly EmailDetail[] | null;
  button?: EmailButton | null;
  /** Small print at the foot of the card (plain text, line breaks kept). */
  footer?: string | null;
  /** The visible unsubscribe line under the card (marketing e-mails only). */
  unsubscribe?: { text: string; linkText: string; url: string } | null;
  /** A 1×1 image under the card whose first fetch records an open. */
  openPixelUrl?: string | null;
}

const NEUTRAL = '#111827';
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Only absolute http(s) URLs become links or images. */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An image URL a mail client can show: http(s) and not an SVG (Gmail, Outlook and Yahoo drop SVG;
 * callers pass the PNG made at upload, `logo_email_url`). Anything else gives the name instead.
 */
export function safeImageUrl(value: string | null | undefined): string | null {
  const url = safeUrl(value);
  if (!url) return null;
  return /\.svgz?$/i.test(new URL(url).pathname) ? null : url;
}

/** Plain text split into its paragraphs (blank lines), each trimmed, blank ones dropped. */
function splitParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Escaped text with its line breaks as <br>. */
function escapeLines(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

export function renderEmailLayout(input: EmailLayoutInput): { html: string; text: string } {
  const paragraphs = input.paragraphs.flatMap((p) => (p ? splitParagraphs(p) : []));
  const details = (input.details ?? []).filter((d) => d.label.trim());
  const buttonUrl = input.button ? safeUrl(input.button.url) : null;
  const button = input.button && buttonUrl && input.button.text.trim() ? { ...input.button, url: buttonUrl, text: input.button.text.trim() } : null;
  const footer = input.footer?.trim() ?? '';
  const unsubscribeUrl = input.unsubscribe ? safeUrl(input.unsubscribe.url) : null;
  const unsubscribe = input.unsubscribe && unsubscribeUrl ? { ...input.unsubscribe, url: unsubscribeUrl } : null;
  const pixel = safeUrl(input.openPixelUrl);
  const logo = safeImageUrl(input.header.logoUrl);
  const accent = safeColor(input.accentColor, NEUTRAL);
  // The name is large bold text: WCAG AA asks 3:1 on the white card; a pale brand colour (the
  // spec's default #56dadc) stays the top border and gives way to near-black here.
  const wanted = safeColor(input.header.color, NEUTRAL);
  const headerColor = contrastRatio(wanted, '#ffffff') >= 3 ? wanted : NEUTRAL;
  const name = escapeHtml(input.header.name);

  const text = [
    ...paragraphs,
    details.map((d) => `${d.label}\u202f: ${d.value}`).join('\n'),
    button ? `${button.text}\u202f: ${button.url}` : '',
    footer,
    unsubscribe ? `${unsubscribe.text} ${unsubscribe.url}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');

  const rows: string[] = [
    `<tr><td style="padding:32px 32px 8px 32px;" align="center">${
      logo
        ? `<img src="${escapeHtml(logo)}" alt="${name}" width="200" style="display:block;max-width:200px;width:auto;height:auto;border:0;">`
        : `<div style="font-size:20px;font-weight:bold;color:${headerColor};">${name}</div>`
    }</td></tr>`,
  ];
  if (paragraphs.length) {
    rows.push(`<tr><td style="padding:8px 32px;font-size:16px;line-height:24px;">
${paragraphs.map((p) => `<p style="margin:0 0 16px 0;">${escapeLines(p)}</p>`).join('\n')}
</td></tr>`);
  }
  if (details.length) {
    const cell = 'padding:8px 0;border-top:1px solid #e5e7eb;vertical-align:top;';
    rows.push(`<tr><td style="padding:0 32px 16px 32px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:15px;line-height:22px;">
${details
  .map(
    (d) =>
      `<tr><th scope="row" align="left" style="${cell}padding-right:16px;color:#4b5563;white-space:nowrap;">${escapeHtml(d.label)}</th><td style="${cell}">${escapeLines(d.value)}</td></tr>`,
  )
  .join('\n')}
</table>
</td></tr>`);
  }
  if (button) {
    rows.push(`<tr><td align="center" style="padding:8px 32px 24px 32px;">
<a href="${escapeHtml(button.url)}" style="display:inline-block;background:${safeColor(button.background, NEUTRAL)};color:${safeColor(button.color, '#ffffff')};text-decoration:none;font-weight:bold;font-size:16px;padding:14px 28px;border-radius:6px;">${escapeHtml(button.text)}</a>
</td></tr>`);
  }
  if (footer) rows.push(`<tr><td align="center" style="padding:0 32px 24px 32px;font-size:14px;line-height:20px;color:#4b5563;">${escapeLines(footer)}</td></tr>`);

  const below = [
    unsubscribe
      ? `<p style="${FONT}font-size:12px;color:#6b7280;margin:16px 0 0 0;">${escapeHtml(unsubscribe.text)} <a href="${escapeHtml(unsubscribe.url)}" style="color:#6b7280;">${escapeHtml(unsubscribe.linkText)}</a></p>`
      : '',
    pixel ? `<img src="${escapeHtml(pixel)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;">` : '',
  ].filter(Boolean);

  const html = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;border-top:4px solid ${accent};${FONT}color:#111827;">
${rows.join('\n')}
</table>
${below.map((b) => `${b}\n`).join('')}</td></tr>
</table>
</body>
</html>`;
  return { html, text };
}
