/**
 * The rating actions form: its fields (text for every field, so a hidden one keeps what was typed)
 * and its checks, which give a message per field before the server's own (core/api/rating-actions.ts)
 * apply. Types, ratings and bounds are the contract's.
 */
import { z } from 'zod';
import { RATING_ACTION_LIMITS, RATINGS, type Rating, type RatingAction, type RatingActionsConfig } from '#core/api/rating-actions';
import { ACTION_TYPES } from '#core/domain';
import { isHttpUrl, usesFeedbackMessage, usesNotificationEmail, usesRedirectUrl } from '#core/rating-actions';
import { messages } from '#web/i18n';

export { RATINGS, type Rating };
export { isGated, isHttpUrl, usesFeedbackMessage, usesNotificationEmail, usesRedirectUrl } from '#core/rating-actions';

const v = messages.conditional.validation;

const emailFormat = z.email();
function isEmail(text: string): boolean {
  return emailFormat.safeParse(text).success;
}

/** The form keeps text for every field (hidden ones keep theirs, so switching back restores them). */
const actionFields = z.object({
  rating: z.literal(RATINGS),
  action_type: z.enum(ACTION_TYPES),
  redirect_url: z.string(),
  notification_email: z.string(),
  feedback_message: z.string(),
});

/**
 * One message per case, on its field (docs/product/validation.md): an http(s) URL is required for a redirect;
 * an e-mail is required for notify_email and, when filled in, must be valid for collect_feedback;
 * the contract's bounds on lengths. The output is one action of the PUT body: trimmed, empty text
 * and irrelevant fields as null.
 */
const actionSchema = actionFields
  .superRefine((action, ctx) => {
    const url = action.redirect_url.trim();
    if (usesRedirectUrl(action.action_type)) {
      if (!url) ctx.addIssue({ code: 'custom', path: ['redirect_url'], message: v.redirectUrlRequired });
      else if (!isHttpUrl(url)) ctx.addIssue({ code: 'custom', path: ['redirect_url'], message: v.redirectUrlInvalid });
      else if (url.length > RATING_ACTION_LIMITS.redirectUrlMax) {
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
    if (usesFeedbackMessage(action.action_type) && action.feedback_message.trim().length > RATING_ACTION_LIMITS.feedbackMessageMax) {
      ctx.addIssue({ code: 'custom', path: ['feedback_message'], message: v.feedbackMessageTooLong });
    }
  })
  .transform((action): RatingAction => {
    const type = action.action_type;
    const text = (value: string) => value.trim() || null;
    return {
      rating: action.rating,
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
/** What the form submits: the PUT body. */
export type RatingActionsFormOutput = z.output<typeof ratingActionsSchema>;

/** The form's values for a server answer: one entry per rating, 5 to 1, nulls as empty text. */
export function formValues(data: RatingActionsConfig): RatingActionsFormValues {
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
