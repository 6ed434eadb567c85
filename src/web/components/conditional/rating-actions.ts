import { z } from 'zod';
import { ACTION_TYPES, type ActionType } from '../../../core/domain';
import { messages } from '../../i18n';

const v = messages.conditional.validation;

export type Rating = 1 | 2 | 3 | 4 | 5;
/** The five ratings, in the order the screen shows them. */
export const RATINGS: readonly Rating[] = [5, 4, 3, 2, 1];

/** One row of `rating_actions` as the API sends and takes it (irrelevant fields are null). */
export interface RatingAction {
  rating: Rating;
  action_type: ActionType;
  redirect_url: string | null;
  notification_email: string | null;
  feedback_message: string | null;
}

/** GET and PUT /api/rating-actions answer: the five actions, 5 to 1; `saved` false means server defaults. */
export interface RatingActionsResponse {
  store_id: string;
  same_path_for_all_ratings: boolean;
  saved: boolean;
  actions: RatingAction[];
}

/** Body of PUT /api/rating-actions. */
export interface RatingActionsBody {
  same_path_for_all_ratings: boolean;
  actions: RatingAction[];
}

export const ratingActionsPath = '/api/rating-actions';
export const ratingActionsQueryKey = ['rating-actions'] as const;

import { isHttpUrl, usesFeedbackMessage, usesNotificationEmail, usesRedirectUrl } from '../../../core/rating-actions';

export { isGated, isHttpUrl, usesFeedbackMessage, usesNotificationEmail, usesRedirectUrl } from '../../../core/rating-actions';

/** Longest values the server keeps (its zod schema). */
export const maxLengths = { redirect_url: 2000, notification_email: 254, feedback_message: 1000 } as const;


const emailFormat = z.email();
function isEmail(text: string): boolean {
  return emailFormat.safeParse(text).success;
}

/** The form keeps text for every field (hidden ones keep theirs, so switching back restores them). */
const actionFields = z.object({
  rating: z.number().int().min(1).max(5),
  action_type: z.enum(ACTION_TYPES),
  redirect_url: z.string(),
  notification_email: z.string(),
  feedback_message: z.string(),
});

export type RatingActionFormValues = z.input<typeof actionFields>;

/**
 * Client-side mirror of the server's checks (spec section 5): an http(s) URL is required for a
 * redirect; an e-mail is required for notify_email and, when filled in, must be valid for
 * collect_feedback (254 characters at most: longer addresses are not valid e-mails); the message
 * is 1,000 characters at most. The output is the PUT body: trimmed, empty text and irrelevant
 * fields as null.
 */
const actionSchema = actionFields
  .superRefine((action, ctx) => {
    const url = action.redirect_url.trim();
    if (usesRedirectUrl(action.action_type)) {
      if (!url) ctx.addIssue({ code: 'custom', path: ['redirect_url'], message: v.redirectUrlRequired });
      else if (!isHttpUrl(url)) ctx.addIssue({ code: 'custom', path: ['redirect_url'], message: v.redirectUrlInvalid });
      else if (url.length > maxLengths.redirect_url) {
        ctx.addIssue({ code: 'custom', path: ['redirect_url'], message: v.redirectUrlTooLong });
      }
    }
    const email = action.notification_email.trim();
    if (usesNotificationEmail(action.action_type, action.rating)) {
      if (action.action_type === 'notify_email' && !isEmail(email)) {
        ctx.addIssue({ code: 'custom', path: ['notification_email'], message: v.notificationEmailRequired });
      } else if (email && !isEmail(email)) {
        ctx.addIssue({ code: 'custom', path: ['notification_email'], message: v.notificationEmailInvalid });
      }
    }
    if (usesFeedbackMessage(action.action_type) && action.feedback_message.trim().length > maxLengths.feedback_message) {
      ctx.addIssue({ code: 'custom', path: ['feedback_message'], message: v.feedbackMessageTooLong });
    }
  })
  .transform((action): RatingAction => {
    const type = action.action_type;
    const text = (value: string) => value.trim() || null;
    return {
      rating: action.rating as Rating,
      action_type: type,
      redirect_url: usesRedirectUrl(type) ? text(action.redirect_url) : null,
      notification_email: usesNotificationEmail(type, action.rating) ? text(action.notification_email) : null,
      feedback_message: usesFeedbackMessage(type) ? text(action.feedback_message) : null,
    };
  });

export const ratingActionsSchema = z.object({
  same_path_for_all_ratings: z.boolean(),
  actions: z.array(actionSchema),
});

export type RatingActionsFormValues = z.input<typeof ratingActionsSchema>;

/** The form's values for a server answer: one entry per rating, 5 to 1, nulls as empty text. */
export function formValues(data: RatingActionsResponse): RatingActionsFormValues {
  return {
    same_path_for_all_ratings: data.same_path_for_all_ratings,
    actions: RATINGS.map((rating) => {
      const action = data.actions.find((candidate) => candidate.rating === rating);
      return {
        rating,
        action_type: action?.action_type ?? 'none',
        redirect_url: action?.redirect_url ?? '',
        notification_email: action?.notification_email ?? '',
        feedback_message: action?.feedback_message ?? '',
      };
    }),
  };
}
