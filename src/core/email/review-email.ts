/**
 * The review-request e-mail, rendered by one pure function used by the sender and by the template
 * editor's preview: what the merchant previews is what the customer gets (GUIDE habit 8).
 *
 * Merchant text (subject, greeting, body, closing, button, footer) is Liquid with four variables,
 * rendered to plain text; the shared layout (layout.ts) escapes all of it for the HTML part, the
 * merchant's words as much as the variables' values: a `<b>` typed in the body is shown, not
 * obeyed. Includes cannot reach any file (`templates: {}`), and parse/render limits stop a hostile
 * template from tying up the worker.
 */
import { Liquid } from 'liquidjs';
import { legibleText, safeColor } from '../color';
import { renderEmailLayout, safeImageUrl, safeUrl, type RenderedEmail } from './layout';
import { emailMessages as m } from './messages';
import { reminderTexts } from './reminder';

export { safeColor };
export { escapeHtml, safeImageUrl, safeUrl, type RenderedEmail } from './layout';

export const TEMPLATE_VARIABLES = ['customer_name', 'store_name', 'order_number', 'review_link'] as const;
export type TemplateVariables = Record<(typeof TEMPLATE_VARIABLES)[number], string>;

/** The fields of an `email_templates` row the e-mail is made of (spec section 9 defaults). */
export interface ReviewEmailTemplate {
  subject: string;
  fromName?: string | null;
  /** The template's own logo: the PNG made at upload (`logo_email_url`), never an SVG. */
  logoUrl?: string | null;
  bodyContent?: string | null;
  buttonText: string;
  buttonUrlTemplate: string;
  buttonColor: string;
  footerText?: string | null;
  /** The reminder's subject and first line (Liquid); null or blank: the defaults of reminder.ts. */
  reminderSubject?: string | null;
  reminderFirstLine?: string | null;
}

export interface ReviewEmailBranding {
  /** The store's logo as mail can show it: `store_branding.logo_email_url` (a PNG), not the SVG. */
  logoUrl?: string | null;
  primaryColor?: string | null;
  /** The button's text colour when it is legible on the template's button colour. */
  buttonTextColor?: string | null;
}

export interface ReviewEmailInput {
  template: ReviewEmailTemplate;
  branding?: ReviewEmailBranding;
  variables: TemplateVariables;
  /**
   * The first paragraph (Branding & Pages, Liquid with the same variables). Null or blank: the
   * default 'Bonjour {{ customer_name }},', unless the body already opens with a salutation.
   */
  greeting?: string | null;
  /** The last paragraph before the button (Liquid with the same variables). Null or blank: none. */
  closing?: string | null;
  /** Where the visible unsubscribe link points (omitted in previews without a request). */
  unsubscribeUrl?: string | null;
  /** A 1×1 image whose first fetch records an open (omitted in previews: the merchant opening it is no customer). */
  openPixelUrl?: string | null;
  /**
   * The reminder (a flow's follow-up): the template's reminder subject instead of its subject, and
   * its first line before the body (after the greeting; after the body's own salutation line when
   * the body opens with one, so that 'Bonjour' still comes first).
   */
  reminder?: boolean;
}

export const DEFAULT_GREETING = m.defaultGreeting;

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
const engine = new Liquid({ templates: {}, ...LIMITS });

export class TemplateError extends Error {}

/** Parsed templates: a sender renders the same few templates thousands of times. */
const parsed = new Map<string, ReturnType<Liquid['parse']>>();

function render(source: string, variables: TemplateVariables): string {
  try {
    let template = parsed.get(source);
    if (!template) {
      if (parsed.size >= 500) parsed.clear();
      template = engine.parse(source);
      parsed.set(source, template);
    }
    return engine.renderSync(template, variables) as string;
  } catch (error) {
    throw new TemplateError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A body that already greets the customer (a template written before the greeting setting, or by
 * habit) does not get the default greeting on top: 'Bonjour' twice reads like a bug.
 */
const SALUTATION = /^(?:bonjour|bonsoir|salut|coucou|hello|hi|dear|cher|chers|chère|chères)(?![\p{L}\p{N}])/iu;

export function renderReviewEmail(input: ReviewEmailInput): RenderedEmail {
  const { template, branding = {}, variables } = input;
  const body = template.bodyContent?.trim() ? template.bodyContent : m.defaultBody;
  const reminder = input.reminder ? reminderTexts(template) : null;
  const subject = render(reminder ? reminder.subject : template.subject, variables)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  let bodyText = render(body, variables).trim();
  const greeting = input.greeting?.trim() ? render(input.greeting, variables).trim() : SALUTATION.test(bodyText) ? '' : render(m.defaultGreeting, variables).trim();
  let opening = '';
  if (reminder) {
    const firstLine = render(reminder.firstLine, variables).trim();
    const [head = '', ...rest] = bodyText.split('\n');
    // A body that greets the customer itself keeps its salutation line first.
    if (!greeting && SALUTATION.test(bodyText) && rest.length > 0) bodyText = `${head}\n\n${firstLine}\n\n${rest.join('\n').trim()}`;
    else opening = firstLine;
  }
  const closing = input.closing?.trim() ? render(input.closing, variables).trim() : '';
  const buttonText = render(template.buttonText, variables).trim() || DEFAULT_TEMPLATE.buttonText;
  const footerText = template.footerText ? render(template.footerText, variables).trim() : '';
  // The button must lead to the review page: a template that renders to anything but an http(s) URL falls back to it.
  const buttonUrl = safeUrl(render(template.buttonUrlTemplate, variables)) ?? safeUrl(variables.review_link) ?? '';
  const buttonColor = safeColor(template.buttonColor, DEFAULT_TEMPLATE.buttonColor);
  const primary = safeColor(branding.primaryColor, DEFAULT_PRIMARY);

  const { html, text } = renderEmailLayout({
    title: subject,
    header: { name: variables.store_name, logoUrl: safeImageUrl(template.logoUrl) ?? safeImageUrl(branding.logoUrl), color: primary },
    accentColor: primary,
    paragraphs: [greeting, opening, bodyText, closing],
    button: { text: buttonText, url: buttonUrl, background: buttonColor, color: legibleText(buttonColor, branding.buttonTextColor) },
    footer: footerText,
    unsubscribe: input.unsubscribeUrl ? { text: m.unsubscribeText(variables.store_name), linkText: m.unsubscribeLink, url: input.unsubscribeUrl } : null,
    openPixelUrl: input.openPixelUrl,
  });
  return { subject, html, text };
}
