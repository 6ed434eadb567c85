/**
 * The store's branding (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/errors.md, docs/product/limits.md): visual identity (logo and colours, table
 * store_branding) and page customisation (the review page's texts and the e-mail's greeting and
 * closing, table store_customization), each saved as an upsert per store, and a preview: the real
 * review page rendered by the server with values not yet saved.
 */
import { z } from 'zod';
import { CUSTOMER_LANGUAGES } from '../customer-language';
import { endpoint } from './endpoint';
import { languageChoice, textLanguage } from './text-language';

/** docs/product/limits.md. */
export const BRANDING_DEFAULTS = {
  button_text_color: '#FFFFFF',
  button_bg_color: '#56dadc',
  primary_color: '#56dadc',
  button_text: 'SUIVANT',
} as const;

/** A logo: PNG, JPG or SVG (checked by content), at most 2 MB (docs/product/validation.md and docs/product/limits.md). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** What an e-mail template's logo may be ('Veuillez sélectionner une image'): any image mail can be given as a PNG. */
export const IMAGE_TYPES = [...LOGO_TYPES, 'image/gif', 'image/webp'] as const;

/** Uploads per store (branding) or account (template logos) and hour: every upload is kept. */
export const LOGO_UPLOADS_PER_HOUR = 30;

/** Longest texts kept: a page title is a line, a message a short paragraph. */
export const BRANDING_LIMITS = { titleMax: 120, textMax: 600, buttonTextMax: 40 } as const;

export const BRANDING_ERRORS = {
  /** Not a PNG, JPEG or SVG by its content (a renamed file included). */
  logo_unsupported_type: 415,
  logo_too_large: 413,
  /** A file of an accepted type that cannot be read (a truncated image, an SVG that is not XML or carries what cannot be made safe). */
  logo_unreadable: 422,
  /** A logo key that is not one of this store's (or this account's) uploads. */
  logo_not_found: 404,
} as const satisfies Record<string, number>;

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Couleur invalide\u202f: utilisez le format #RRGGBB');

/** An uploaded logo, as stored: the original (the review page) and a PNG for e-mails. */
export const storedLogo = z.object({
  /** The storage key, e.g. `branding/{storeId}/logo-{timestamp}.svg`: what a save refers to. */
  key: z.string(),
  url: z.string(),
  email_url: z.string(),
  content_type: z.enum(IMAGE_TYPES),
});
export type StoredLogo = z.infer<typeof storedLogo>;

export const visualIdentity = z.object({
  logo: storedLogo.nullable(),
  button_text_color: z.string(),
  button_bg_color: z.string(),
  primary_color: z.string(),
});
export type VisualIdentity = z.infer<typeof visualIdentity>;

export const pageCustomization = z.object({
  page_title: z.string().nullable(),
  page_description: z.string().nullable(),
  thank_you_message: z.string().nullable(),
  positive_feedback_message: z.string().nullable(),
  negative_feedback_message: z.string().nullable(),
  email_greeting: z.string().nullable(),
  email_closing: z.string().nullable(),
  button_text: z.string(),
});
export type PageCustomization = z.infer<typeof pageCustomization>;

export const brandingConfig = z.object({
  store_id: z.string(),
  store_name: z.string(),
  /** False until the merchant saved the tab: these are the spec's defaults. */
  identity_saved: z.boolean(),
  /** Whether the merchant saved the page's texts in `language` (else its shipped texts). */
  page_saved: z.boolean(),
  /** The language of `page` (decision 057): the page's texts, defaults and preview are in it. */
  language: z.enum(CUSTOMER_LANGUAGES),
  default_language: z.enum(CUSTOMER_LANGUAGES),
  /** The languages the store serves (the default first), each with or without the merchant's texts. */
  languages: z.array(textLanguage),
  identity: visualIdentity,
  page: pageCustomization,
  /** What the page shows where a text is left empty (shown as placeholders in the form), in `language`. */
  page_defaults: z.object({ page_title: z.string(), page_description: z.string(), thank_you_message: z.string(), button_text: z.string() }),
});
export type BrandingConfig = z.infer<typeof brandingConfig>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} ne peut pas dépasser ${max} caractères`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null));

/**
 * The logo to keep: a key returned by an upload of this store, `null` to show the store's name
 * instead, or absent to keep the saved one.
 */
const logoKey = z.string().max(300).nullable().optional();

export const identityInput = z.object({
  logo_key: logoKey,
  button_text_color: hexColor,
  button_bg_color: hexColor,
  primary_color: hexColor,
});
export type IdentityInput = z.output<typeof identityInput>;

export const pageInput = z.object({
  /** The language these texts are written in; absent: the store's default language. */
  language: languageChoice,
  page_title: optionalText(BRANDING_LIMITS.titleMax, 'Le titre'),
  page_description: optionalText(BRANDING_LIMITS.textMax, 'La description'),
  thank_you_message: optionalText(BRANDING_LIMITS.textMax, 'Le message de remerciement'),
  positive_feedback_message: optionalText(BRANDING_LIMITS.textMax, 'Le message pour un avis positif'),
  negative_feedback_message: optionalText(BRANDING_LIMITS.textMax, 'Le message pour un avis négatif'),
  email_greeting: optionalText(BRANDING_LIMITS.textMax, 'La formule d’accueil'),
  email_closing: optionalText(BRANDING_LIMITS.textMax, 'La formule de fin'),
  button_text: z
    .string()
    .trim()
    .min(1, 'Le texte du bouton est requis')
    .max(BRANDING_LIMITS.buttonTextMax, `Le texte du bouton ne peut pas dépasser ${BRANDING_LIMITS.buttonTextMax} caractères`),
});
export type PageInput = z.output<typeof pageInput>;

/** Which moment of the review page the preview shows. */
export const PREVIEW_VIEWS = ['form', 'thanks_positive', 'thanks_negative'] as const;
export type PreviewView = (typeof PREVIEW_VIEWS)[number];

export const previewInput = z.object({
  identity: identityInput,
  page: pageInput,
  view: z.enum(PREVIEW_VIEWS).default('form'),
});

export const readBranding = endpoint({
  method: 'GET',
  path: '/api/branding',
  access: 'store',
  summary: "the active store's visual identity and its page customisation in a language (the shipped texts of that language until saved)",
  query: z.object({ language: languageChoice }),
  response: brandingConfig,
  errors: [],
});

export const saveIdentity = endpoint({
  method: 'PUT',
  path: '/api/branding/identity',
  access: 'store',
  summary: 'saves the logo choice and the colours (an upsert per store)',
  body: identityInput,
  response: brandingConfig,
  errors: ['logo_not_found'],
});

export const savePage = endpoint({
  method: 'PUT',
  path: '/api/branding/page',
  access: 'store',
  summary: "saves the review page's texts and the e-mail's greeting and closing in a language (an upsert per store and language)",
  body: pageInput,
  response: brandingConfig,
  // A greeting or closing beyond the e-mail's limits (the field names which).
  errors: ['template_too_large', 'template_too_slow', 'template_too_complex', 'template_queue_full'],
});

export const uploadBrandingLogo = endpoint({
  method: 'POST',
  path: '/api/branding/logo',
  access: 'store',
  summary: 'stores a logo (PNG, JPG or SVG by content, 2 MB at most; SVG made safe) and its PNG for e-mails; the save keeps it',
  upload: { maxBytes: LOGO_MAX_BYTES, tooLarge: 'logo_too_large' },
  response: storedLogo,
  status: 201,
  errors: ['logo_unsupported_type', 'logo_too_large', 'logo_unreadable'],
});

export const previewReviewPage = endpoint({
  method: 'POST',
  path: '/api/branding/preview',
  access: 'store',
  summary: 'the review page as the customer would get it, rendered by the server with unsaved values',
  body: previewInput,
  response: z.object({ html: z.string() }),
  errors: ['logo_not_found'],
});
