/**
 * The review-request e-mail, rendered by one pure function used by the sender and by the template
 * editor's preview: what the merchant previews is what the customer gets (GUIDE habit 8).
 *
 * Merchant text is Liquid with four variables. Values are HTML-escaped in the HTML part
 * (`outputEscape: 'escape'`), includes cannot reach any file (`templates: {}`), and parse/render
 * limits stop a hostile template from tying up the worker.
 */
import { Liquid } from 'liquidjs';
import { readableOn, safeColor } from '../color';
import { emailMessages as m } from './messages';

export { safeColor };

export const TEMPLATE_VARIABLES = ['customer_name', 'store_name', 'order_number', 'review_link'] as const;
export type TemplateVariables = Record<(typeof TEMPLATE_VARIABLES)[number], string>;

/** The fields of an `email_templates` row the e-mail is made of (spec section 9 defaults). */
export interface ReviewEmailTemplate {
  subject: string;
  fromName?: string | null;
  logoUrl?: string | null;
  bodyContent?: string | null;
  buttonText: string;
  buttonUrlTemplate: string;
  buttonColor: string;
  footerText?: string | null;
}

export interface ReviewEmailBranding {
  logoUrl?: string | null;
  primaryColor?: string | null;
  buttonTextColor?: string | null;
}

export interface ReviewEmailInput {
  template: ReviewEmailTemplate;
  branding?: ReviewEmailBranding;
  variables: TemplateVariables;
  /** Where the visible unsubscribe link points (omitted in previews without a request). */
  unsubscribeUrl?: string | null;
  /** A 1×1 image whose first fetch records an open (omitted in previews: the merchant opening it is no customer). */
  openPixelUrl?: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const DEFAULT_TEMPLATE: ReviewEmailTemplate = {
  subject: 'Votre avis compte pour nous ! 🌟',
  fromName: null,
  logoUrl: null,
  bodyContent: m.defaultBody,
  buttonText: 'Laisser un avis',
  buttonUrlTemplate: '{{review_link}}',
  buttonColor: '#10b981',
  footerText: 'Merci de votre confiance !',
};

const DEFAULT_PRIMARY = '#56dadc';
const LIMITS = { parseLimit: 100_000, renderLimit: 200, memoryLimit: 1_000_000 };
const html = new Liquid({ outputEscape: 'escape', templates: {}, ...LIMITS });
const plain = new Liquid({ templates: {}, ...LIMITS });

export class TemplateError extends Error {}

/** Parsed templates per engine: a sender renders the same few templates thousands of times. */
const parsed = new Map<Liquid, Map<string, ReturnType<Liquid['parse']>>>([
  [html, new Map()],
  [plain, new Map()],
]);

function renderWith(engine: Liquid, source: string, variables: TemplateVariables): string {
  try {
    const cache = parsed.get(engine)!;
    let template = cache.get(source);
    if (!template) {
      if (cache.size >= 500) cache.clear();
      template = engine.parse(source);
      cache.set(source, template);
    }
    return engine.renderSync(template, variables) as string;
  } catch (error) {
    throw new TemplateError(error instanceof Error ? error.message : String(error));
  }
}

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

/** Plain text with blank-line paragraphs and line breaks, as HTML paragraphs (already escaped). */
function paragraphs(escapedText: string, style: string): string {
  return escapedText
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="${style}">${p.replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
}

export function renderReviewEmail(input: ReviewEmailInput): RenderedEmail {
  const { template, branding = {}, variables } = input;
  const body = template.bodyContent?.trim() ? template.bodyContent : m.defaultBody;
  const subject = renderWith(plain, template.subject, variables)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const bodyText = renderWith(plain, body, variables).trim();
  const bodyHtml = renderWith(html, body, variables);
  const buttonText = renderWith(plain, template.buttonText, variables).trim() || DEFAULT_TEMPLATE.buttonText;
  const footerText = template.footerText ? renderWith(plain, template.footerText, variables).trim() : '';
  // The button must lead to the review page: a template that renders to anything but an http(s) URL falls back to it.
  const buttonUrl = safeUrl(renderWith(plain, template.buttonUrlTemplate, variables)) ?? safeUrl(variables.review_link) ?? '';
  const buttonColor = safeColor(template.buttonColor, DEFAULT_TEMPLATE.buttonColor);
  const buttonTextColor = readableOn(buttonColor);
  const primary = safeColor(branding.primaryColor, DEFAULT_PRIMARY);
  const logo = safeUrl(template.logoUrl) ?? safeUrl(branding.logoUrl);
  const unsubscribe = safeUrl(input.unsubscribeUrl);
  const pixel = safeUrl(input.openPixelUrl);
  const storeName = escapeHtml(variables.store_name);

  const text = [bodyText, `${buttonText} : ${buttonUrl}`, footerText, unsubscribe ? `${m.unsubscribeText(variables.store_name)} ${unsubscribe}` : ''].filter(Boolean).join('\n\n');

  const html_ = `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;border-top:4px solid ${primary};font-family:Arial,Helvetica,sans-serif;color:#111827;">
<tr><td style="padding:32px 32px 8px 32px;" align="center">${
    logo
      ? `<img src="${escapeHtml(logo)}" alt="${storeName}" width="200" style="display:block;max-width:200px;width:auto;height:auto;border:0;">`
      : `<div style="font-size:20px;font-weight:bold;color:${primary};">${storeName}</div>`
  }</td></tr>
<tr><td style="padding:8px 32px;font-size:16px;line-height:24px;">
${paragraphs(bodyHtml, 'margin:0 0 16px 0;')}
</td></tr>
<tr><td align="center" style="padding:8px 32px 24px 32px;">
<a href="${escapeHtml(buttonUrl)}" style="display:inline-block;background:${buttonColor};color:${buttonTextColor};text-decoration:none;font-weight:bold;font-size:16px;padding:14px 28px;border-radius:6px;">${escapeHtml(buttonText)}</a>
</td></tr>
${footerText ? `<tr><td align="center" style="padding:0 32px 24px 32px;font-size:14px;color:#4b5563;">${escapeHtml(footerText)}</td></tr>\n` : ''}</table>
${
  unsubscribe
    ? `<p style="font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#6b7280;margin:16px 0 0 0;">${escapeHtml(m.unsubscribeText(variables.store_name))} <a href="${escapeHtml(unsubscribe)}" style="color:#6b7280;">${m.unsubscribeLink}</a></p>`
    : ''
}${pixel ? `\n<img src="${escapeHtml(pixel)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0;">` : ''}
</td></tr>
</table>
</body>
</html>`;
  return { subject, html: html_, text };
}
