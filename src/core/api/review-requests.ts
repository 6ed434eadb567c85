/**
 * Review requests: the send calendar (GET /api/review-requests and its actions), shared review
 * links, and the spec's server functions that send or create requests (docs/product/calls.md):
 * process-review-requests, generate-review-requests, shopify-import-history and send-email. Those
 * keep the spec's response shapes (`{ success, … }`); their failures add a `code`.
 */
import { z } from 'zod';
import { REQUEST_CHANNELS, REQUEST_KINDS, REVIEW_REQUEST_STATUSES, WITHDRAWN_REASONS } from '../domain';
import { SPREAD_LIMITS } from '../schedule-spread';
import { endpoint } from './endpoint';
import { isoDateTime, ok, uuid } from './wire';

export const REQUEST_ERRORS = {
  request_not_found: 404,
  request_not_cancellable: 409,
  request_not_resendable: 409,
  /** send-email without a subscription in force. */
  subscription_required: 403,
  /** send-email to an address that unsubscribed from the store. */
  recipient_unsubscribed: 409,
  /** The plan's monthly quota is used up (send-email adds `quota_exceeded`, `plan`, `quota`, `used`). */
  quota_exceeded: 429,
  /** The store's daily send limit is reached (process-review-requests reports it in its 200 body). */
  daily_limit_reached: 429,
  /** The mail transport refused or failed (send-email). */
  send_failed: 502,
  /** Shopify could not be read during a history import. */
  import_failed: 502,
  import_rate_limited: 429,
  send_email_rate_limited: 429,
} as const satisfies Record<string, number>;

// ---- The calendar ----

/** docs/product/limits.md: the calendar shows 10 requests a page. */
export const REQUEST_PAGE_SIZE = 10;
/** Highest page number asked for (a bound on the offset the database computes). */
export const REQUEST_PAGE_MAX = 1_000_000;

const pageMessage = 'Page invalide';
/** `?page=N`: a whole number from 1 (absent: 1). */
export const requestPageQuery = z.object({
  page: z.coerce.number({ message: pageMessage }).int(pageMessage).min(1, pageMessage).max(REQUEST_PAGE_MAX, pageMessage).optional().default(1),
});

export const requestItem = z.object({
  id: z.string(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  order_number: z.string().nullable(),
  shopify_order_id: z.string().nullable(),
  status: z.enum(REVIEW_REQUEST_STATUSES),
  scheduled_at: isoDateTime,
  sent_at: isoDateTime.nullable(),
  channel: z.enum(REQUEST_CHANNELS),
  /** The locale the request is made in (decision 056): its e-mails and pages are in its language. */
  locale: z.string(),
  token: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** Counted sent without proof (the transmission was cut during its data): the merchant may re-send it. */
  unconfirmed: z.boolean(),
  created_at: isoDateTime,
  /** 'first', or 'reminder': the one follow-up of the request `reminder_of` (a flow's reminder or the customer's postponement). */
  kind: z.enum(REQUEST_KINDS),
  reminder_of: z.string().nullable(),
  /**
   * When the customer said on the review page that the order had not arrived (« pas encore reçu »):
   * for a reminder, its first request's; null otherwise.
   */
  postponed_at: isoDateTime.nullable(),
  /** Why the app withdrew it by itself (one ask per order): another flow asks at a better moment, already asked, or reviewed. */
  withdrawn_reason: z.enum(WITHDRAWN_REASONS).nullable(),
  /**
   * The send planner's verdict on a scheduled e-mail request due before the billing period ends:
   * false when the period's quota (or the daily limit) runs out before its turn, so it waits for
   * the renewal or a higher plan (never dropped); null for every other request.
   */
  fits_in_period: z.boolean().nullable().optional(),
  /**
   * The UTC day (YYYY-MM-DD) a scheduled e-mail request goes out when the store's daily sending
   * limit moves it past the day it falls due (the planner's first-in, first-out order); null when it
   * goes out on its day, waits for the quota, or is not a scheduled e-mail.
   */
  daily_limit_until: z.iso.date().nullable().optional(),
});
export type RequestItem = z.infer<typeof requestItem>;

export const requestPage = z.object({
  store_id: z.string(),
  /** Newest scheduled first. */
  items: z.array(requestItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type RequestPage = z.infer<typeof requestPage>;

const requestParams = z.object({ id: uuid });

export const listRequests = endpoint({
  method: 'GET',
  path: '/api/review-requests',
  access: 'store',
  summary: "one page of the active store's review requests, newest scheduled first",
  query: requestPageQuery,
  response: requestPage,
  errors: [],
});

// ---- The send planner ----

/** One UTC day of the forecast. */
export const forecastDay = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.iso.date(),
  /** Requests falling due that day; today's figure includes the overdue ones. */
  due: z.number().int().nonnegative(),
  /** What the sender may send that day: the rest of the daily limit and of the period's quota, whichever is lower. */
  capacity: z.number().int().nonnegative(),
  /** What it will send that day, oldest first (what is due and carried, within the capacity). */
  sent: z.number().int().nonnegative(),
  /** What is left for the next day. */
  carried: z.number().int().nonnegative(),
});
export type ForecastDay = z.infer<typeof forecastDay>;

/**
 * Why requests will wait past the period's end: the quota is used up, the daily limit is too low
 * for the volume (unlimited plans), or nothing is sent without an active subscription.
 */
export const FORECAST_LIMITS = ['quota', 'daily_limit', 'subscription'] as const;
export type ForecastLimit = (typeof FORECAST_LIMITS)[number];

export const sendForecastResult = z.object({
  store_id: z.string(),
  /** When the billing period ends (the quota renews then); the last day of `days` holds it. */
  period_end: isoDateTime,
  /** The period's quota; null: unlimited (only the daily limit applies). */
  quota: z.number().int().nullable(),
  /** E-mails counted against the quota this period. */
  used: z.number().int().nonnegative(),
  /** What is left of the quota; null: unlimited. */
  remaining_quota: z.number().int().nonnegative().nullable(),
  daily_limit: z.number().int().nonnegative(),
  sent_today: z.number().int().nonnegative(),
  /** No active subscription: the sender sends nothing until there is one. */
  paused: z.boolean(),
  /** From today (UTC) to the day the period ends. */
  days: z.array(forecastDay),
  totals: z.object({
    /** Requests due before the period ends (overdue ones included). */
    due: z.number().int().nonnegative(),
    /** Those that will go out before it ends. */
    sent: z.number().int().nonnegative(),
    /** Those that will not: they stay scheduled and go out after the renewal or a plan change. */
    waiting: z.number().int().nonnegative(),
    /** When the first waiting request falls due (FIFO: every later one waits too); null when none waits. */
    first_waiting_at: isoDateTime.nullable(),
    /** What holds them back; null when none waits. */
    limited_by: z.enum(FORECAST_LIMITS).nullable(),
  }),
});
export type SendForecast = z.infer<typeof sendForecastResult>;

export const sendForecast = endpoint({
  method: 'GET',
  path: '/api/review-requests/forecast',
  access: 'store',
  summary: "the active store's scheduled sends per day until the billing period ends, against its quota and daily limit",
  response: sendForecastResult,
  errors: [],
});

export const shareLink = z.object({
  request_id: z.string(),
  token: z.string(),
  /** Absolute: {origin}/review/{token}. */
  url: z.string(),
});
export type ShareLink = z.infer<typeof shareLink>;

/**
 * The store's one shareable review link (a completed request on the link channel), made the first
 * time; `renew` retires it (it stops taking reviews) and makes a new one.
 */
export const createShareLink = endpoint({
  method: 'POST',
  path: '/api/review-requests/share-link',
  access: 'store',
  summary: "the store's reusable review link, made once, or renewed on request",
  body: z.object({ renew: z.boolean({ message: 'renew doit être vrai ou faux' }).optional() }),
  response: shareLink,
  errors: [],
});

export const cancelRequest = endpoint({
  method: 'DELETE',
  path: '/api/review-requests/:id',
  access: 'store',
  summary: 'cancels (deletes) a request not sent yet; its order is never asked again',
  params: requestParams,
  response: ok,
  errors: ['request_not_found', 'request_not_cancellable'],
});

// ---- Sending now ----

/** The spec's answer to a manual send, with the quota details its message needs. */
export const manualSendResult = z.object({
  success: z.boolean(),
  processed: z.number().int(),
  failed: z.number().int(),
  quota_exceeded: z.boolean(),
  /** With `quota_exceeded`: the plan's name as the merchant knows it, its quota and the e-mails used. */
  plan: z.string().optional(),
  quota: z.number().int().optional(),
  used: z.number().int().optional(),
  /** A refusal the server explains (the daily limit), with its code. */
  error: z.string().optional(),
  code: z.enum(['daily_limit_reached']).optional(),
});
export type ManualSendResult = z.infer<typeof manualSendResult>;

export const resendRequest = endpoint({
  method: 'POST',
  path: '/api/review-requests/:id/resend',
  access: 'store',
  summary: 're-sends an unconfirmed e-mail now (counted once in the quota)',
  params: requestParams,
  response: manualSendResult,
  errors: ['request_not_found', 'request_not_resendable'],
});

/** Most requests one manual send takes. */
export const MANUAL_SEND_MAX = 50;

export const processRequests = endpoint({
  method: 'POST',
  path: '/functions/v1/process-review-requests',
  access: 'store',
  summary: "sends the active store's given scheduled requests now ('Envoyer maintenant')",
  body: z.object({
    manual: z.literal(true, { message: 'Seul l’envoi manuel est accepté ici' }),
    requestIds: z.array(uuid).min(1, 'Aucune demande indiquée').max(MANUAL_SEND_MAX, `${MANUAL_SEND_MAX} demandes au plus à la fois`),
  }),
  response: manualSendResult,
  errors: [],
});

export const generateRequests = endpoint({
  method: 'POST',
  path: '/functions/v1/generate-review-requests',
  access: 'store',
  summary: "schedules the requests the active store's flows call for and that are missing",
  response: z.object({ success: z.literal(true), total_created: z.number().int() }),
  errors: [],
});

// ---- History import ----

const daysMessage = `Le nombre de jours doit être compris entre ${SPREAD_LIMITS.minDays} et ${SPREAD_LIMITS.maxDays}`;
const hourMessage = 'L’heure d’envoi doit être comprise entre 0 et 23';

/** Import now, or spread over days (0 = Sunday … 6 = Saturday, at a UTC hour). */
export const importHistoryInput = z.discriminatedUnion(
  'immediate',
  [
    z.object({ shop_id: uuid, immediate: z.literal(true) }),
    z.object({
      shop_id: uuid,
      immediate: z.literal(false),
      days_to_spread: z.number().int(daysMessage).min(SPREAD_LIMITS.minDays, daysMessage).max(SPREAD_LIMITS.maxDays, daysMessage),
      send_days: z
        .array(z.number().int().min(0).max(6), { message: "Jours d'envoi invalides" })
        .min(1, 'Choisissez au moins un jour d’envoi')
        .max(7)
        .transform((days) => [...new Set(days)]),
      send_hour: z.number().int(hourMessage).min(0, hourMessage).max(23, hourMessage),
    }),
  ],
  { message: 'Mode d’importation invalide' },
);
export type ImportHistoryInput = z.input<typeof importHistoryInput>;

export const importHistory = endpoint({
  method: 'POST',
  path: '/functions/v1/shopify-import-history',
  access: 'store',
  summary: "imports the active store's paid orders of the last 60 days and schedules their requests",
  body: importHistoryInput,
  // A Shopify failure answers 502 `{ success: false, synced_count: 0, scheduled_count: 0, error, code: 'import_failed' }`.
  response: z.object({ success: z.literal(true), synced_count: z.number().int(), scheduled_count: z.number().int() }),
  errors: ['import_failed', 'import_rate_limited'],
});

// ---- One-off e-mail ----

/** Gmail clips messages over ~102 KB. */
export const SEND_EMAIL_LIMITS = { subjectMax: 200, recipientNameMax: 200, emailMax: 254, bodyMax: 100_000 } as const;

export const sendEmailInput = z
  .object({
    shopifyStoreId: z.uuid({ message: 'Aucune boutique Shopify active trouvée' }),
    recipientEmail: z
      .string({ message: 'Adresse e-mail du destinataire invalide' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Adresse e-mail du destinataire invalide' }).max(SEND_EMAIL_LIMITS.emailMax, 'Adresse e-mail du destinataire invalide')),
    recipientName: z.string().trim().max(SEND_EMAIL_LIMITS.recipientNameMax).optional().default(''),
    subject: z
      .string()
      .trim()
      .min(1, 'L’objet est requis')
      .max(SEND_EMAIL_LIMITS.subjectMax, `L’objet ne peut pas dépasser ${SEND_EMAIL_LIMITS.subjectMax} caractères`)
      .refine((s) => !/[\r\n]/.test(s), 'L’objet ne peut pas contenir de retour à la ligne'),
    html_content: z.string().max(SEND_EMAIL_LIMITS.bodyMax, 'Le contenu HTML dépasse 100 Ko').optional(),
    text_content: z.string().max(SEND_EMAIL_LIMITS.bodyMax, 'Le contenu texte dépasse 100 Ko').optional(),
  })
  .refine((b) => Boolean(b.html_content?.trim() || b.text_content?.trim()), { message: 'Le contenu de l’e-mail est requis' });
export type SendEmailInput = z.output<typeof sendEmailInput>;

export const sendEmail = endpoint({
  method: 'POST',
  path: '/functions/v1/send-email',
  access: 'store',
  summary: 'a one-off e-mail from the active store, within its quotas, never to an unsubscribed address',
  body: sendEmailInput,
  response: z.object({ success: z.literal(true), message_id: z.string() }),
  errors: ['subscription_required', 'recipient_unsubscribed', 'quota_exceeded', 'daily_limit_reached', 'send_failed', 'send_email_rate_limited'],
});
