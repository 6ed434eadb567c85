/**
 * The review-request e-mail template editor (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/limits.md): one active template per
 * store, which the sender uses from the next e-mail on. Until the merchant saves, GET answers the
 * spec's defaults. The preview is rendered in the browser by the function the sender uses
 * (src/core/email/review-email.ts); the server renders templates only in its sandbox (decision 019),
 * and refuses one beyond the limits at save. A test e-mail goes to the merchant's own address only.
 */
import { z } from 'zod';
import { CUSTOMER_LANGUAGES } from '../customer-language';
import { endpoint } from './endpoint';
import { languageChoice, textLanguage } from './text-language';
import { hexColor, LOGO_MAX_BYTES, storedLogo } from './branding';
import { TEMPLATE_WARNINGS } from '../email/template-warnings';
import { REMINDER_LIMITS } from '../email/reminder';

export const TEMPLATE_LIMITS = {
  subjectMax: 200,
  fromNameMax: 100,
  /** Liquid's parse limit in the renderer: a longer body could never be rendered. */
  bodyMax: 100_000,
  buttonTextMax: 60,
  buttonUrlMax: 2000,
  footerMax: 1000,
  reminderSubjectMax: REMINDER_LIMITS.subjectMax,
  reminderFirstLineMax: REMINDER_LIMITS.firstLineMax,
  /** A template logo: any image type mail can show, 2 MB at most (SVG and others become a PNG). */
  logoMaxBytes: LOGO_MAX_BYTES,
} as const;

/** Test e-mails a store may send per hour: enough to iterate, not a mailing tool. */
export const TEST_EMAILS_PER_HOUR = 20;

export const EMAIL_TEMPLATE_ERRORS = {
  /** The template logo is not an image by its content ('Veuillez sélectionner une image'). */
  template_logo_not_image: 415,
  template_logo_too_large: 413,
  /** Liquid that cannot be parsed or rendered (an unclosed tag, a loop over nothing). */
  template_invalid: 422,
  /**
   * A template (or a page text, `field` then names it) that renders beyond the limits every e-mail
   * has (core/email/render-limits.ts, decision 019): too much output, too long to
   * render, too much memory or nesting. Refused at save; at send time the e-mail fails with the reason.
   */
  template_too_large: 422,
  template_too_slow: 422,
  template_too_complex: 422,
  /** The transport refused the test e-mail. */
  test_email_failed: 502,
  /**
   * The store already has as many renders under way as it may (the editor's saves and previews, test
   * e-mails, page texts, self-tests: decision 046); tried again after Retry-After, it goes through.
   */
  template_queue_full: 429,
} as const satisfies Record<string, number>;

/** A template as the editor shows it and the sender uses it. */
export const templateFields = z.object({
  subject: z.string(),
  from_name: z.string().nullable(),
  logo: storedLogo.nullable(),
  body_content: z.string(),
  button_text: z.string(),
  button_url_template: z.string(),
  button_color: z.string(),
  footer_text: z.string().nullable(),
  /** The reminder's subject and first line (Liquid); null: the defaults of core/email/reminder.ts. */
  reminder_subject: z.string().nullable(),
  reminder_first_line: z.string().nullable(),
});
export type TemplateFields = z.infer<typeof templateFields>;

export const templateWarning = z.enum(TEMPLATE_WARNINGS);

export const emailTemplateConfig = z.object({
  store_name: z.string(),
  /** The language this template is written in (decision 057): its defaults, preview and test are in it. */
  language: z.enum(CUSTOMER_LANGUAGES),
  /** The store's default customer language. */
  default_language: z.enum(CUSTOMER_LANGUAGES),
  /** The languages the store serves (the default first), each with or without a template of the merchant's. */
  languages: z.array(textLanguage),
  /** False until the merchant saves: these are the spec's defaults. */
  saved: z.boolean(),
  template: templateFields,
  /**
   * The greeting above the body and the closing below it, set in Branding & Pages (page
   * customisation); null: the default greeting, no closing.
   */
  page_texts: z.object({ email_greeting: z.string().nullable(), email_closing: z.string().nullable() }),
  /** The store's branding the e-mail falls back to (logo as a PNG, primary colour). */
  branding: z.object({ logo_email_url: z.string().nullable(), primary_color: z.string() }),
  /** Where 'Envoyer un test' sends: the signed-in merchant's own address. */
  test_recipient: z.string(),
  /** What the preview and the test fill the variables with. */
  sample: z.object({ customer_name: z.string(), store_name: z.string(), order_number: z.string(), review_link: z.string() }),
  /** What the saved template would be warned about (empty before a save). */
  warnings: z.array(templateWarning),
});
export type EmailTemplateConfig = z.infer<typeof emailTemplateConfig>;

const trimmedOptional = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

export const templateInput = z.object({
  /** The language this template is written in; absent: the store's default language. */
  language: languageChoice,
  subject: z.string().trim().min(1, 'L’objet est requis').max(TEMPLATE_LIMITS.subjectMax, `L’objet ne peut pas dépasser ${TEMPLATE_LIMITS.subjectMax} caractères`),
  from_name: trimmedOptional(TEMPLATE_LIMITS.fromNameMax, `Le nom d’expéditeur ne peut pas dépasser ${TEMPLATE_LIMITS.fromNameMax} caractères`),
  /** A key returned by a template-logo upload of this account; null for none; absent keeps the saved one. */
  logo_key: z.string().max(300).nullable().optional(),
  body_content: z
    .string()
    .max(TEMPLATE_LIMITS.bodyMax, `Le contenu ne peut pas dépasser ${TEMPLATE_LIMITS.bodyMax.toLocaleString('fr-FR')} caractères`)
    .refine((v) => v.trim().length > 0, 'Le contenu est requis'),
  button_text: z
    .string()
    .trim()
    .min(1, 'Le texte du bouton est requis')
    .max(TEMPLATE_LIMITS.buttonTextMax, `Le texte du bouton ne peut pas dépasser ${TEMPLATE_LIMITS.buttonTextMax} caractères`),
  button_url_template: z
    .string()
    .trim()
    .min(1, 'Le lien du bouton est requis')
    .max(TEMPLATE_LIMITS.buttonUrlMax, `Le lien du bouton ne peut pas dépasser ${TEMPLATE_LIMITS.buttonUrlMax} caractères`),
  button_color: hexColor,
  footer_text: trimmedOptional(TEMPLATE_LIMITS.footerMax, `Le pied de page ne peut pas dépasser ${TEMPLATE_LIMITS.footerMax} caractères`),
  /** Blank or absent: the default reminder subject and first line. */
  reminder_subject: trimmedOptional(TEMPLATE_LIMITS.reminderSubjectMax, `L’objet de la relance ne peut pas dépasser ${TEMPLATE_LIMITS.reminderSubjectMax} caractères`),
  reminder_first_line: trimmedOptional(
    TEMPLATE_LIMITS.reminderFirstLineMax,
    `La phrase d’introduction de la relance ne peut pas dépasser ${TEMPLATE_LIMITS.reminderFirstLineMax} caractères`,
  ),
});
export type TemplateInput = z.output<typeof templateInput>;
export type TemplateBody = z.input<typeof templateInput>;

export const readEmailTemplate = endpoint({
  method: 'GET',
  path: '/api/email-templates/active',
  access: 'store',
  summary: "the store's active review-request template in a language (the shipped defaults of that language until saved), its branding and the preview's sample values",
  query: z.object({ language: languageChoice }),
  response: emailTemplateConfig,
  errors: [],
});

export const saveEmailTemplate = endpoint({
  method: 'PUT',
  path: '/api/email-templates/active',
  access: 'store',
  summary: 'saves the active template of a language (one per store and language), used from the next e-mail on; answers its warnings',
  body: templateInput,
  response: emailTemplateConfig,
  errors: ['template_invalid', 'template_too_large', 'template_too_slow', 'template_too_complex', 'logo_not_found', 'template_queue_full'],
});

export const uploadTemplateLogo = endpoint({
  method: 'POST',
  path: '/api/email-templates/logo',
  access: 'store',
  summary: "stores an e-mail logo (an image by content, 2 MB at most) under the account's folder; the template's save keeps it",
  upload: { maxBytes: TEMPLATE_LIMITS.logoMaxBytes, tooLarge: 'template_logo_too_large' },
  response: storedLogo,
  status: 201,
  errors: ['template_logo_not_image', 'template_logo_too_large', 'logo_unreadable'],
});

export const sendTestEmail = endpoint({
  method: 'POST',
  path: '/api/email-templates/test',
  access: 'store',
  summary: "sends the template as edited (saved or not) to the signed-in merchant's own address",
  body: templateInput,
  response: z.object({ sent_to: z.string() }),
  errors: ['template_invalid', 'template_too_large', 'template_too_slow', 'template_too_complex', 'logo_not_found', 'test_email_failed', 'template_queue_full'],
});
