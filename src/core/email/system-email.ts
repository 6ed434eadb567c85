/**
 * The product's own e-mails (password reset, the merchant's review alert, a privacy request,
 * quota notices): the shared layout in the product's neutral colours, signed with its name. They
 * are the product's, not the merchant's: no store logo, no store colour, and no unsubscribe line
 * (transactional messages the account holder needs).
 */
import { renderEmailLayout, safeUrl, type EmailDetail, type RenderedEmail } from './layout';
import { emailMessages as m } from './messages';

/** The app's teal (brand-700 in src/web/styles.css): white text on it meets WCAG AA. */
const PRODUCT_COLOR = '#0f766e';

export interface SystemEmailInput {
  subject: string;
  /** Plain text, in order; blank lines split a paragraph, line breaks are kept. */
  paragraphs: readonly string[];
  /** A table after the paragraphs (label, value). */
  details?: readonly EmailDetail[];
  /** The one action, after the paragraphs and the details; its URL must be absolute http(s). */
  button?: { text: string; url: string } | null;
  /** Small print at the foot (why this e-mail came, how long a link lasts). */
  footer?: string | null;
}

export function renderSystemEmail(input: SystemEmailInput): RenderedEmail {
  // A product e-mail whose one action went missing would say "click below" over nothing: a bad URL
  // here is a programming error, not something to hide.
  if (input.button && !safeUrl(input.button.url)) throw new Error('renderSystemEmail: the button needs an absolute http(s) URL');
  const subject = input.subject.replace(/[\r\n]+/g, ' ').trim();
  const { html, text } = renderEmailLayout({
    title: subject,
    header: { name: m.productName, color: PRODUCT_COLOR },
    accentColor: PRODUCT_COLOR,
    paragraphs: input.paragraphs,
    details: input.details,
    button: input.button ? { ...input.button, background: PRODUCT_COLOR, color: '#ffffff' } : null,
    footer: input.footer,
  });
  return { subject, html, text };
}
