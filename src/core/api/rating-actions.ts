/**
 * The per-rating actions of the active store (docs/product/entities.md, docs/product/validation.md 'Rating actions', docs/product/limits.md) and its
 * review-gating setting (docs/product/stances.md: "same path for every rating"). Until the merchant saves,
 * GET answers the spec's defaults with `saved: false`; PUT replaces the five at once.
 */
import { z } from 'zod';
import { ACTION_TYPES } from '../domain';
import { isHttpUrl, usesFeedbackMessage, usesNotificationEmail, usesRedirectUrl } from '../rating-actions';
import { endpoint } from './endpoint';

export const RATING_ACTION_ERRORS = {} as const satisfies Record<string, number>;

/** The five ratings, in the order the settings show them. */
export const RATINGS = [5, 4, 3, 2, 1] as const;
export type Rating = (typeof RATINGS)[number];

/** Longest values kept (the columns' sizes; an e-mail address is 254 characters at most). */
export const RATING_ACTION_LIMITS = { redirectUrlMax: 2000, notificationEmailMax: 254, feedbackMessageMax: 1000 } as const;

/** One row of `rating_actions` (the fields its action does not use are null). */
export const ratingAction = z.object({
  rating: z.literal(RATINGS),
  action_type: z.enum(ACTION_TYPES),
  redirect_url: z.string().nullable(),
  notification_email: z.string().nullable(),
  feedback_message: z.string().nullable(),
});
export type RatingAction = z.infer<typeof ratingAction>;

export const ratingActionsConfig = z.object({
  store_id: z.string(),
  same_path_for_all_ratings: z.boolean(),
  /** False: nothing saved yet, these are the spec's defaults. */
  saved: z.boolean(),
  /** Rating 5 first. */
  actions: z.array(ratingAction),
});
export type RatingActionsConfig = z.infer<typeof ratingActionsConfig>;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : typeof v === 'string' ? v.trim() : v);
const emailFormat = z.email();

const actionInput = z
  .object({
    rating: z.number().int().min(1).max(5),
    action_type: z.enum(ACTION_TYPES, { message: "Type d'action invalide" }),
    redirect_url: z
      .preprocess(blankToNull, z.string().max(RATING_ACTION_LIMITS.redirectUrlMax, 'L’URL de redirection ne peut pas dépasser 2 000 caractères').nullable())
      .default(null),
    notification_email: z
      .preprocess(blankToNull, z.string().max(RATING_ACTION_LIMITS.notificationEmailMax, 'L’adresse e-mail ne peut pas dépasser 254 caractères').nullable())
      .default(null),
    feedback_message: z
      .preprocess(blankToNull, z.string().max(RATING_ACTION_LIMITS.feedbackMessageMax, 'Le message ne peut pas dépasser 1 000 caractères').nullable())
      .default(null),
  })
  .superRefine((a, ctx) => {
    if (a.action_type === 'redirect' && !(a.redirect_url && isHttpUrl(a.redirect_url))) {
      ctx.addIssue({ code: 'custom', path: ['redirect_url'], message: `L’URL de redirection doit être une adresse http(s) valide (note ${a.rating})` });
    }
    const emailShown = usesNotificationEmail(a.action_type, a.rating);
    const email = a.notification_email;
    if ((a.action_type === 'notify_email' && !email) || (email && emailShown && !emailFormat.safeParse(email).success)) {
      ctx.addIssue({ code: 'custom', path: ['notification_email'], message: `Une adresse e-mail de notification valide est requise (note ${a.rating})` });
    }
  })
  // Fields that do not apply to the chosen action are not kept.
  .transform((a) => ({
    rating: a.rating as Rating,
    action_type: a.action_type,
    redirect_url: usesRedirectUrl(a.action_type) ? a.redirect_url : null,
    notification_email: usesNotificationEmail(a.action_type, a.rating) ? a.notification_email : null,
    feedback_message: usesFeedbackMessage(a.action_type) ? a.feedback_message : null,
  }));

const fiveRatings = 'Il faut une action pour chacune des cinq notes';

/** PUT /api/rating-actions: the gating setting and one action per rating. */
export const ratingActionsInput = z.object({
  same_path_for_all_ratings: z.boolean({ message: 'Réglage «\u202fmême parcours\u202f» invalide' }),
  actions: z
    .array(actionInput)
    .length(RATINGS.length, fiveRatings)
    .refine((list) => new Set(list.map((a) => a.rating)).size === RATINGS.length, fiveRatings),
});
export type RatingActionsInput = z.output<typeof ratingActionsInput>;
/** What a client sends (blank text and irrelevant fields may be left in: the server drops them). */
export type RatingActionsBody = z.input<typeof ratingActionsInput>;

export const readRatingActions = endpoint({
  method: 'GET',
  path: '/api/rating-actions',
  access: 'store',
  summary: "the active store's five rating actions (the spec's defaults until saved) and its gating setting",
  response: ratingActionsConfig,
  errors: [],
});

export const saveRatingActions = endpoint({
  method: 'PUT',
  path: '/api/rating-actions',
  access: 'store',
  summary: 'replaces the five rating actions and the gating setting',
  body: ratingActionsInput,
  response: ratingActionsConfig,
  errors: [],
});
