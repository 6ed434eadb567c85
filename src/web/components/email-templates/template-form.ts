/**
 * The template editor's form values, what a save or a test sends, and the preview: the e-mail
 * rendered in the browser by the function the sender uses (decision 015), from unsaved values.
 */
import type { EmailTemplateConfig, StoredLogo, TemplateBody } from '#web/api/email-templates';
import type { TemplateLimit } from '#core/email/render-limits';
import { renderReviewEmail, TemplateError, TemplateLimitError, type RenderedEmail } from '#core/email/review-email';
import type { LiquidSyntaxProblem } from '#core/email/liquid-syntax';
import { templateWarnings, utf8Bytes, type TemplateWarning } from '#core/email/template-warnings';
import type { TemplateTextField, TemplateVariable } from '#web/i18n/fr/email-templates';

export const VARIABLES: readonly TemplateVariable[] = ['customer_name', 'store_name', 'order_number', 'review_link'];
export const TEXT_FIELDS: readonly TemplateTextField[] = [
  'subject',
  'body_content',
  'button_text',
  'button_url_template',
  'footer_text',
  'reminder_subject',
  'reminder_first_line',
];

/** Which of the two e-mails the preview shows: the first one, or the reminder a flow may send later. */
export type PreviewKind = 'first' | 'reminder';

/** Every field as a string: an empty sender name or footer is sent and saved as none. */
export interface TemplateFormValues {
  subject: string;
  from_name: string;
  body_content: string;
  button_text: string;
  button_url_template: string;
  button_color: string;
  footer_text: string;
  /** Empty: the default reminder subject and first line (shown as placeholders). */
  reminder_subject: string;
  reminder_first_line: string;
}

export function formValues(config: EmailTemplateConfig): TemplateFormValues {
  const t = config.template;
  return {
    subject: t.subject,
    from_name: t.from_name ?? '',
    body_content: t.body_content,
    button_text: t.button_text,
    button_url_template: t.button_url_template,
    button_color: t.button_color,
    footer_text: t.footer_text ?? '',
    reminder_subject: t.reminder_subject ?? '',
    reminder_first_line: t.reminder_first_line ?? '',
  };
}

/** The logo as edited: `changed` until saved (a new upload, or removed). */
export interface LogoState {
  logo: StoredLogo | null;
  changed: boolean;
}

/** What PUT and the test send: the logo only when it changed (absent keeps the saved one). */
export function bodyOf(values: TemplateBody, logo: LogoState): TemplateBody {
  return logo.changed ? { ...values, logo_key: logo.logo?.key ?? null } : values;
}

/** `{{ name }}` inserted into `value` over the selection [start, end); the caret goes after it. */
export function insertVariable(value: string, start: number, end: number, variable: TemplateVariable): { value: string; caret: number } {
  const token = `{{ ${variable} }}`;
  return { value: value.slice(0, start) + token + value.slice(end), caret: start + token.length };
}

/**
 * A preview, or why there is none: Liquid's syntax error (what and where, said in French by the
 * screen), or the e-mail's limit it goes beyond (the server refuses it the same way).
 */
export type Preview = { ok: true; email: RenderedEmail; fromName: string } | { ok: false; syntax: LiquidSyntaxProblem | null; limit?: TemplateLimit };

/**
 * The e-mail a customer would get from these values, with the preview's sample values. The
 * unsubscribe line every e-mail carries is shown too (pointing nowhere real), so the preview and
 * its size are the customer's.
 */
export function renderPreview(values: TemplateFormValues, logo: StoredLogo | null, config: EmailTemplateConfig, kind: PreviewKind = 'first'): Preview {
  try {
    const email = renderReviewEmail({
      template: {
        subject: values.subject,
        fromName: values.from_name,
        logoUrl: logo?.email_url ?? null,
        bodyContent: values.body_content,
        buttonText: values.button_text,
        buttonUrlTemplate: values.button_url_template,
        buttonColor: values.button_color,
        footerText: values.footer_text,
        reminderSubject: values.reminder_subject,
        reminderFirstLine: values.reminder_first_line,
      },
      branding: { logoUrl: config.branding.logo_email_url, primaryColor: config.branding.primary_color },
      variables: config.sample,
      language: config.language,
      greeting: config.page_texts.email_greeting,
      closing: config.page_texts.email_closing,
      unsubscribeUrl: sampleUnsubscribeUrl(config.sample.review_link),
      reminder: kind === 'reminder',
    });
    return { ok: true, email, fromName: values.from_name.trim() || config.store_name };
  } catch (error) {
    if (error instanceof TemplateLimitError) return { ok: false, syntax: null, limit: error.limit };
    if (error instanceof TemplateError) return { ok: false, syntax: error.syntax };
    throw error;
  }
}

function sampleUnsubscribeUrl(reviewLink: string): string | null {
  try {
    return new URL('/unsubscribe/apercu', reviewLink).href;
  } catch {
    return null;
  }
}

/** What a save of these values would be warned about (the rendered HTML's size included: the heavier of the two e-mails). */
export function warningsOf(values: TemplateFormValues, previews: readonly Preview[]): TemplateWarning[] {
  const bytes = Math.max(0, ...previews.map((preview) => (preview.ok ? utf8Bytes(preview.email.html) : 0)));
  return templateWarnings(
    {
      subject: values.subject,
      bodyContent: values.body_content,
      buttonText: values.button_text,
      buttonUrlTemplate: values.button_url_template,
      footerText: values.footer_text,
      reminderSubject: values.reminder_subject,
      reminderFirstLine: values.reminder_first_line,
    },
    bytes,
  );
}
