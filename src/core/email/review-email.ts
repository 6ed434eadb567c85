/**
 * The review-request e-mail, rendered by one pure function used by the sender and by the template
 * editor's preview: what the merchant previews is what the customer gets (decision 015).
 *
 * Merchant text (subject, greeting, body, closing, button, footer) is Liquid with four variables,
 * rendered to plain text; the shared layout (layout.ts) escapes all of it for the HTML part, the
 * merchant's words as much as the variables' values: a `<b>` typed in the body is shown, not
 * obeyed. Includes cannot reach any file (`templates: {}`), and RENDER_LIMITS (render-limits.ts) bound what one e-mail
 * may cost wherever it renders. On the server, merchant-written Liquid only ever runs in the
 * template sandbox's processes (server/email-templates/sandbox.ts, decision 019), which add a
 * heap limit and a wall-clock deadline to these limits; the browser's preview runs it in the
 * merchant's own tab.
 */
import { CaptureTag, Liquid, type Context } from 'liquidjs';
import { legibleText, safeColor } from '../color';
import { renderEmailLayout, safeImageUrl, safeUrl, type RenderedEmail } from './layout';
import type { CustomerLanguage } from '../customer-language';
import { reminderTexts } from './reminder';
import { reviewEmailTexts, type ReviewEmailTexts } from './texts';
import { RENDER_LIMITS, type TemplateLimit } from './render-limits';
import { liquidSyntaxProblem, type LiquidSyntaxProblem } from './liquid-syntax';

export { safeColor };
export { escapeHtml, safeImageUrl, safeUrl, type RenderedEmail } from './layout';

export const TEMPLATE_VARIABLES = ['customer_name', 'store_name', 'order_number', 'review_link'] as const;
export type TemplateVariables = Record<(typeof TEMPLATE_VARIABLES)[number], string>;

/** The fields of an `email_templates` row the e-mail is made of (docs/product/limits.md defaults). */
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
  /**
   * The customer's language (the request's, decision 056): the texts the e-mail falls back on (the
   * greeting, a blank body, the reminder's, the unsubscribe line) are its. French unless given.
   */
  language?: CustomerLanguage;
}

/** The shipped template in a language: what a store that wrote none sends, and every language but the store's own. */
export function defaultTemplateIn(language: CustomerLanguage): ReviewEmailTemplate {
  const t = reviewEmailTexts[language];
  return {
    subject: t.defaultSubject,
    fromName: null,
    logoUrl: null,
    bodyContent: t.defaultBody,
    buttonText: t.defaultButton,
    buttonUrlTemplate: '{{review_link}}',
    buttonColor: '#10b981',
    footerText: t.defaultFooter,
  };
}

export const DEFAULT_GREETING = reviewEmailTexts.fr.defaultGreeting;

export const DEFAULT_TEMPLATE: ReviewEmailTemplate = defaultTemplateIn('fr');

const DEFAULT_PRIMARY = '#56dadc';

/** Liquid could not read or run the merchant's text; `syntax` says what and where, as data (liquid-syntax.ts). */
export class TemplateError extends Error {
  constructor(
    message: string,
    readonly syntax: LiquidSyntaxProblem | null = null,
  ) {
    super(message);
  }
}

/** A template that renders, but beyond a limit: too much output, too long, or too much memory or nesting. */
export class TemplateLimitError extends TemplateError {
  constructor(readonly limit: TemplateLimit) {
    super(`${limit === 'size' ? 'output size' : limit === 'time' ? 'template render' : 'memory alloc'} limit exceeded`);
  }
}

/**
 * `{% capture %}` with the output cap: a captured string is counted when it is made, so a loop that
 * doubles one stops at the cap instead of growing (cheaply, as a rope) until something flattens it.
 */
class CappedCaptureTag extends CaptureTag {
  override *render(ctx: Context): Generator<unknown, void, string> {
    yield* super.render(ctx);
    const value: unknown = ctx.bottom()[this.variable];
    if (typeof value === 'string' && value.length > RENDER_LIMITS.outputChars) throw new TemplateLimitError('size');
  }
}

const engine = new Liquid({ templates: {}, parseLimit: RENDER_LIMITS.parseChars, renderLimit: RENDER_LIMITS.renderMs, memoryLimit: RENDER_LIMITS.memory });
engine.registerTag('capture', CappedCaptureTag);

/** Liquid's own errors, sorted: its limiters' messages and the engine's RangeErrors are limits, the rest syntax. */
function templateErrorOf(error: unknown): TemplateError {
  const message = error instanceof Error ? error.message : String(error);
  if (/template render limit exceeded/.test(message)) return new TemplateLimitError('time');
  if (/memory alloc limit exceeded|Maximum call stack size exceeded/.test(message)) return new TemplateLimitError('memory');
  if (/output size limit exceeded|parse length limit exceeded|Invalid string length|Invalid array length/.test(message)) return new TemplateLimitError('size');
  return new TemplateError(message, liquidSyntaxProblem(error));
}

/** What is left of one e-mail's RENDER_LIMITS while its fields render. */
interface RenderBudget {
  deadline: number;
  chars: number;
}

const newBudget = (): RenderBudget => ({ deadline: performance.now() + RENDER_LIMITS.renderMs, chars: RENDER_LIMITS.outputChars });

/** Parsed templates: a sender renders the same few templates thousands of times. */
const parsed = new Map<string, ReturnType<Liquid['parse']>>();

function render(source: string, variables: TemplateVariables, budget: RenderBudget): string {
  const left = budget.deadline - performance.now();
  if (left <= 0) throw new TemplateLimitError('time');
  let output: string;
  try {
    let template = parsed.get(source);
    if (!template) {
      if (parsed.size >= 500) parsed.clear();
      template = engine.parse(source);
      parsed.set(source, template);
    }
    output = engine.renderSync(template, variables, { renderLimit: left }) as string;
  } catch (error) {
    throw templateErrorOf(error);
  }
  // Liquid looks at the clock between nodes: one long operation (a search in a huge string) ends unchecked.
  if (performance.now() > budget.deadline) throw new TemplateLimitError('time');
  // Reading a string's length does not build it: a doubled capture is refused before it costs memory.
  budget.chars -= output.length;
  if (budget.chars < 0) throw new TemplateLimitError('size');
  return output;
}

/**
 * A body that already greets the customer (a template written before the greeting setting, or by
 * habit) does not get the default greeting on top: 'Bonjour' twice reads like a bug.
 */
const SALUTATION = new RegExp(
  [
    // A word that opens a greeting.
    String.raw`^(?:bonjour|bonsoir|salut|coucou|hello|hi|dear|cher|chers|chère|chères|hallo|hola|ciao|buongiorno|hoi)(?![\p{L}\p{N}])`,
    // A word that may also open a sentence (« Beste producten… », « Liebe ist… »): a greeting only on
    // a first line that ends with a comma (« Beste Anna, », « Gentile cliente, »).
    String.raw`^(?:guten|liebe|lieber|estimado|estimada|gentile|beste)(?![\p{L}\p{N}])[^\n]{0,80},[ \t]*(?:\n|$)`,
  ].join('|'),
  'iu',
);

export function renderReviewEmail(input: ReviewEmailInput): RenderedEmail {
  const { template, branding = {}, variables } = input;
  // Every Liquid field of this e-mail draws on one budget of time and output.
  const budget = newBudget();
  const liquid = (source: string) => render(source, variables, budget);
  const m: ReviewEmailTexts = reviewEmailTexts[input.language ?? 'fr'];
  const body = template.bodyContent?.trim() ? template.bodyContent : m.defaultBody;
  const reminder = input.reminder ? reminderTexts(template, m) : null;
  const subject = liquid(reminder ? reminder.subject : template.subject)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  let bodyText = liquid(body).trim();
  const greeting = input.greeting?.trim() ? liquid(input.greeting).trim() : SALUTATION.test(bodyText) ? '' : liquid(m.defaultGreeting).trim();
  let opening = '';
  if (reminder) {
    const firstLine = liquid(reminder.firstLine).trim();
    const [head = '', ...rest] = bodyText.split('\n');
    // A body that greets the customer itself keeps its salutation line first.
    if (!greeting && SALUTATION.test(bodyText) && rest.length > 0) bodyText = `${head}\n\n${firstLine}\n\n${rest.join('\n').trim()}`;
    else {
      opening = firstLine;
      // German and Italian go on in lower case after a greeting's comma (« Hallo Anna, vielen Dank… »);
      // after the reminder's first line, a sentence of its own, the body starts a new one.
      bodyText = bodyText.charAt(0).toLocaleUpperCase(input.language ?? 'fr') + bodyText.slice(1);
    }
  }
  const closing = input.closing?.trim() ? liquid(input.closing).trim() : '';
  const buttonText = liquid(template.buttonText).trim() || m.defaultButton;
  const footerText = template.footerText ? liquid(template.footerText).trim() : '';
  // The button must lead to the review page: a template that renders to anything but an http(s) URL falls back to it.
  const buttonUrl = safeUrl(liquid(template.buttonUrlTemplate)) ?? safeUrl(variables.review_link) ?? '';
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
