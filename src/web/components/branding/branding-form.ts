/**
 * The two forms of Branding & Pages (visual identity, page customisation): their values, their
 * checks (the contract's schemas, so the messages and limits are the server's), the bodies they
 * send, the preview's body built from unsaved values, and the browser's first look at a logo file.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import {
  BRANDING_DEFAULTS,
  BRANDING_LIMITS,
  hexColor,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  pageInput,
  storedLogo,
  type BrandingConfig,
  type PageInput,
  type PreviewView,
} from '#core/api/branding';
import type { IdentityBody, PreviewBody } from '#web/api/branding';
import { messages } from '#web/i18n';

const t = messages.branding;

export const COLOR_FIELDS = ['button_text_color', 'button_bg_color', 'primary_color'] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];

export { isHexColor, normalizeHex } from '#core/color';
import { isHexColor, normalizeHex } from '#core/color';

export const identitySchema = z.object({
  logo: storedLogo.nullable(),
  button_text_color: hexColor,
  button_bg_color: hexColor,
  primary_color: hexColor,
});
export type IdentityFormValues = z.infer<typeof identitySchema>;

export function identityValues(config: BrandingConfig): IdentityFormValues {
  return {
    logo: config.identity.logo,
    button_text_color: config.identity.button_text_color,
    button_bg_color: config.identity.button_bg_color,
    primary_color: config.identity.primary_color,
  };
}

/** The PUT body: the logo by its key (null: the store's name instead), the colours. */
export function identityBody(values: IdentityFormValues): IdentityBody {
  return {
    logo_key: values.logo?.key ?? null,
    button_text_color: values.button_text_color,
    button_bg_color: values.button_bg_color,
    primary_color: values.primary_color,
  };
}

/** The texts in their order on the form, each with its limit (the contract's). */
export const PAGE_FIELDS = {
  page_title: BRANDING_LIMITS.titleMax,
  page_description: BRANDING_LIMITS.textMax,
  button_text: BRANDING_LIMITS.buttonTextMax,
  thank_you_message: BRANDING_LIMITS.textMax,
  positive_feedback_message: BRANDING_LIMITS.textMax,
  negative_feedback_message: BRANDING_LIMITS.textMax,
  email_greeting: BRANDING_LIMITS.textMax,
  email_closing: BRANDING_LIMITS.textMax,
} as const;
export type PageField = keyof typeof PAGE_FIELDS;

/** The form holds text for every field; the contract's schema then trims it and turns '' into null. */
export type PageFormValues = Record<PageField, string>;
/**
 * The contract's own schema checks the form (its messages and limits are the server's). The form's
 * values (text everywhere) are a narrower input than the schema takes, hence the widening cast.
 */
export const pageResolver = zodResolver(pageInput) as Resolver<PageFormValues, unknown, PageInput>;
export type PageFormOutput = PageInput;

export function pageValues(config: BrandingConfig): PageFormValues {
  const page = config.page;
  return {
    page_title: page.page_title ?? '',
    page_description: page.page_description ?? '',
    button_text: page.button_text,
    thank_you_message: page.thank_you_message ?? '',
    positive_feedback_message: page.positive_feedback_message ?? '',
    negative_feedback_message: page.negative_feedback_message ?? '',
    email_greeting: page.email_greeting ?? '',
    email_closing: page.email_closing ?? '',
  };
}

/**
 * The preview's body for the values on screen, serialised (the preview's cache key). Values the
 * server would refuse are replaced so the preview keeps showing the rest: a colour being typed by
 * the saved one (or the spec's default), a text over its limit cut at it, an empty button text by
 * the default of the texts' language ('SUIVANT' in French). The page is shown in the language of the
 * texts being edited.
 */
export function previewBody(identity: IdentityFormValues, page: PageFormValues, view: PreviewView, saved: BrandingConfig): string {
  const color = (field: ColorField) => {
    const current = normalizeHex(identity[field]);
    if (isHexColor(current)) return current;
    return isHexColor(saved.identity[field]) ? saved.identity[field] : BRANDING_DEFAULTS[field];
  };
  const text = (field: PageField) => page[field].slice(0, PAGE_FIELDS[field]);
  const body: PreviewBody = {
    identity: {
      logo_key: identity.logo?.key ?? null,
      button_text_color: color('button_text_color'),
      button_bg_color: color('button_bg_color'),
      primary_color: color('primary_color'),
    },
    page: {
      language: saved.language,
      page_title: text('page_title'),
      page_description: text('page_description'),
      thank_you_message: text('thank_you_message'),
      positive_feedback_message: text('positive_feedback_message'),
      negative_feedback_message: text('negative_feedback_message'),
      email_greeting: text('email_greeting'),
      email_closing: text('email_closing'),
      button_text: page.button_text.trim() ? text('button_text') : saved.page_defaults.button_text,
    },
    view,
  };
  return JSON.stringify(body);
}

/** The extensions of the accepted types, for a file the browser could not type (an empty `type`). */
const LOGO_EXTENSIONS = /\.(png|jpe?g|svg)$/i;

/**
 * The browser's first check of a logo (docs/product/validation.md): an accepted type and at most 2 MB, with the
 * spec's messages; the server then judges the content. Null when the file may be sent.
 */
export function logoFileError(file: File): string | null {
  const typed = (LOGO_TYPES as readonly string[]).includes(file.type) || (file.type === '' && LOGO_EXTENSIONS.test(file.name));
  if (!typed) return t.logo.wrongType;
  if (file.size > LOGO_MAX_BYTES) return t.logo.tooLarge;
  return null;
}

/** What the picker offers (a hint to the system dialog only). */
export const LOGO_ACCEPT = [...LOGO_TYPES, '.png', '.jpg', '.jpeg', '.svg'].join(',');
