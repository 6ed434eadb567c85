/**
 * The store's notification and sending settings (docs/product/screens.md, docs/product/entities.md, docs/product/validation.md, docs/product/limits.md; table
 * store_email_config). Unsubscribe is not a setting: every e-mail carries it (docs/product/stances.md).
 */
import { z } from 'zod';
import { CUSTOMER_LANGUAGES } from '../customer-language';
import { endpoint } from './endpoint';

export const DAILY_SEND_LIMIT = { min: 1, max: 10_000, default: 1000 } as const;
/** One ask per customer (decision 024): the window in days; 0 turns the rule off. */
export const CUSTOMER_ASK_WINDOW = { min: 0, max: 365, default: 30 } as const;

export const storeSettings = z.object({
  /** Merchant alerts go here unless a rating action names another address. */
  owner_notification_email: z.string(),
  daily_send_limit: z.number().int(),
  /** A customer with several orders within this many days is asked once, about the latest; 0: off. */
  customer_ask_window_days: z.number().int(),
  /** Always true: shown so the merchant knows why it cannot be switched off. */
  unsubscribe_enabled: z.literal(true),
  /** False until the merchant saves: the address is then the account's. */
  saved: z.boolean(),
});
export type StoreSettings = z.infer<typeof storeSettings>;

const limitMessage = `La limite d’envoi quotidienne doit être un nombre entier entre ${DAILY_SEND_LIMIT.min} et ${DAILY_SEND_LIMIT.max.toLocaleString('fr-FR')}`;

const windowMessage = `La période doit être un nombre entier de jours entre ${CUSTOMER_ASK_WINDOW.min} et ${CUSTOMER_ASK_WINDOW.max}`;

/** A form's text or a number; anything but a whole number becomes NaN, which the range refuses. */
const wholeNumber = (v: unknown) => (typeof v === 'string' ? (/^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN) : v);

export const settingsInput = z.object({
  owner_notification_email: z
    .string({ message: 'L’adresse e-mail de notification est requise' })
    .trim()
    .min(1, 'L’adresse e-mail de notification est requise')
    .max(254, 'L’adresse e-mail ne peut pas dépasser 254 caractères')
    .pipe(z.email('L’adresse e-mail de notification n’est pas valide'))
    .transform((v) => v.toLowerCase()),
  // The spec: a non-numeric value becomes 0, which the range then refuses.
  daily_send_limit: z.preprocess(
    (v) => (typeof v === 'string' ? (/^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : 0) : v),
    z.number({ message: limitMessage }).int(limitMessage).min(DAILY_SEND_LIMIT.min, limitMessage).max(DAILY_SEND_LIMIT.max, limitMessage),
  ),
  // Optional: a body without it (the spec's two fields) keeps the store's current window.
  customer_ask_window_days: z
    .preprocess(wholeNumber, z.number({ message: windowMessage }).int(windowMessage).min(CUSTOMER_ASK_WINDOW.min, windowMessage).max(CUSTOMER_ASK_WINDOW.max, windowMessage))
    .optional(),
});
export type SettingsInput = z.output<typeof settingsInput>;
export type SettingsBody = z.input<typeof settingsInput>;

export const readSettings = endpoint({
  method: 'GET',
  path: '/api/settings',
  access: 'store',
  summary: "the store's owner notification address, daily send limit and one-ask-per-customer window (defaults until saved)",
  response: storeSettings,
  errors: [],
});

export const saveSettings = endpoint({
  method: 'PUT',
  path: '/api/settings',
  access: 'store',
  summary: 'saves the owner notification address, the daily send limit (the sender honours it from its next run) and the one-ask-per-customer window',
  body: settingsInput,
  response: storeSettings,
  errors: [],
});

// ---- The customers' languages (decision 056) ----

const customerLanguage = z.enum(CUSTOMER_LANGUAGES, { message: 'Langue inconnue' });

/** A language the store's recent orders came in that it does not serve: its customers are asked in the default language. */
export const unservedLanguage = z.object({
  /** The orders' language subtag (`en`, `pt`): a shipped language the store does not serve, or one the app does not ship. */
  language: z.string(),
  /** Orders of the last CUSTOMER_LANGUAGE_WINDOW_DAYS days in it. */
  orders: z.number().int().nonnegative(),
  /** Their share of the orders of those days (0 to 1). */
  share: z.number().min(0).max(1),
});

/** How far back the orders' languages are counted. */
export const CUSTOMER_LANGUAGE_WINDOW_DAYS = 90;

export const customerLanguages = z.object({
  /** The language customers are asked in when their order's is not served. */
  default_language: customerLanguage,
  /** The languages the store asks in (the default among them). */
  languages: z.array(customerLanguage),
  /** The recent orders' languages it does not serve, most frequent first. */
  unserved: z.array(unservedLanguage),
  /**
   * The recent orders' languages it serves without a template of the merchant's, most frequent
   * first: their customers get our shipped template (decision 057). Empty while the merchant wrote no
   * template at all (every customer then reads ours).
   */
  unwritten: z.array(unservedLanguage.extend({ language: customerLanguage })),
});
export type CustomerLanguages = z.infer<typeof customerLanguages>;

export const customerLanguagesInput = z.object({
  default_language: customerLanguage,
  languages: z
    .array(customerLanguage, { message: 'Choisissez les langues proposées à vos clients' })
    .max(CUSTOMER_LANGUAGES.length)
    .refine((list) => new Set(list).size === list.length, 'Une langue est cochée deux fois'),
});
export type CustomerLanguagesInput = z.output<typeof customerLanguagesInput>;

export const readCustomerLanguages = endpoint({
  method: 'GET',
  path: '/api/settings/customer-languages',
  access: 'store',
  summary: "the store's default customer language, the languages it serves, and its recent orders' languages it does not serve",
  response: customerLanguages,
  errors: [],
});

export const saveCustomerLanguages = endpoint({
  method: 'PUT',
  path: '/api/settings/customer-languages',
  access: 'store',
  summary: 'saves the default customer language and the languages served (the default always among them); requests made from then on follow them',
  body: customerLanguagesInput,
  response: customerLanguages,
  errors: [],
});
