import { useId } from 'react';
import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { RATING_ACTION_LIMITS } from '#core/api/rating-actions';
import { ACTION_TYPES } from '#core/domain';
import { messages } from '#web/i18n';
import { cx } from '#web/lib/cx';
import { RecipientStatus } from '../settings/RecipientStatus';
import { TextField } from '../ui/TextField';
import { RatingStars, ratingColours } from './RatingStars';
import { usesFeedbackMessage, usesNotificationEmail, usesRedirectUrl, type Rating, type RatingActionsFormOutput, type RatingActionsFormValues } from './rating-actions';
import { TextAreaField } from '../ui/TextField';

const t = messages.conditional;

export const selectClass = cx(
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
  'focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
);

/**
 * One rating's card: a fieldset named by the rating ("5 étoiles", stars drawn in its colour), the
 * action selector and the fields that action uses (docs/product/validation.md), each shown only when relevant.
 */
export function RatingActionCard({
  index,
  rating,
  control,
  register,
  errors,
}: {
  index: number;
  rating: Rating;
  control: Control<RatingActionsFormValues, unknown, RatingActionsFormOutput>;
  register: UseFormRegister<RatingActionsFormValues>;
  errors: FieldErrors<RatingActionsFormValues>;
}) {
  const id = useId();
  const selectId = `${id}-action`;
  const type = useWatch({ control, name: `actions.${index}.action_type` });
  const notificationEmail = useWatch({ control, name: `actions.${index}.notification_email` });
  const fieldErrors = errors.actions?.[index];
  const emailRequired = type === 'notify_email';

  return (
    <fieldset className={cx('min-w-0 rounded-2xl border border-l-4 border-slate-200 bg-white p-6 shadow-sm', ratingColours[rating].accent)}>
      <legend className="float-left mb-4 flex w-full items-center gap-3">
        <RatingStars rating={rating} />
        <span className="text-base font-semibold text-slate-900">{t.ratings.stars(rating)}</span>
      </legend>
      <div className="clear-left grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
            {t.fields.action}
          </label>
          <select id={selectId} aria-describedby={`${selectId}-hint`} className={selectClass} {...register(`actions.${index}.action_type`)}>
            {ACTION_TYPES.map((value) => (
              <option key={value} value={value}>
                {t.actionTypes[value]}
              </option>
            ))}
          </select>
          <p id={`${selectId}-hint`} className="mt-1 text-xs text-slate-600">
            {t.actionHints[type]}
          </p>
        </div>

        {usesRedirectUrl(type) && (
          <TextField
            label={t.fields.redirectUrl}
            type="url"
            inputMode="url"
            autoComplete="url"
            maxLength={RATING_ACTION_LIMITS.redirectUrlMax}
            required
            placeholder={t.fields.redirectUrlPlaceholder}
            hint={t.fields.redirectUrlHint}
            error={fieldErrors?.redirect_url?.message}
            {...register(`actions.${index}.redirect_url`)}
          />
        )}

        {usesNotificationEmail(type, rating) && (
          <TextField
            label={t.fields.notificationEmail}
            type="email"
            autoComplete="email"
            maxLength={RATING_ACTION_LIMITS.notificationEmailMax}
            required={emailRequired}
            placeholder={t.fields.notificationEmailPlaceholder}
            hint={emailRequired ? t.fields.notificationEmailHint.required : t.fields.notificationEmailHint.optional}
            error={fieldErrors?.notification_email?.message}
            {...register(`actions.${index}.notification_email`)}
          />
        )}
        {usesNotificationEmail(type, rating) && <RecipientStatus email={notificationEmail} />}

        {usesFeedbackMessage(type) && (
          <TextAreaField
            label={t.fields.feedbackMessage}
            hint={t.fields.feedbackMessageHint}
            maxLength={RATING_ACTION_LIMITS.feedbackMessageMax}
            error={fieldErrors?.feedback_message?.message}
            className="sm:col-span-2"
            {...register(`actions.${index}.feedback_message`)}
          />
        )}
      </div>
    </fieldset>
  );
}
