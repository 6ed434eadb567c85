import { Info } from 'lucide-react';
import { useId } from 'react';
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { messages } from '#web/i18n';
import { WarningNote } from '../ui/Alert';
import { buttonClass } from '../ui/button';
import { isGated, type RatingActionsFormOutput, type RatingActionsFormValues } from './rating-actions';

const t = messages.conditional;

/**
 * The review-gating stance (docs/product/stances.md): the "same path for every rating" setting, and a
 * plain warning, with a one-click fix, when it is off and only some ratings lead to a public site.
 * A note also says when no rating leads to a public site at all: the server offers as public link
 * the URL of the best rating set to redirect, so there is none then.
 */
export function SamePathSection({
  control,
  register,
  onEnable,
}: {
  control: Control<RatingActionsFormValues, unknown, RatingActionsFormOutput>;
  register: UseFormRegister<RatingActionsFormValues>;
  /** Turns the setting on (the merchant then saves). */
  onEnable: () => void;
}) {
  const id = useId();
  const headingId = `${id}-heading`;
  const checkboxId = `${id}-same-path`;
  const samePath = useWatch({ control, name: 'same_path_for_all_ratings' });
  const actions = useWatch({ control, name: 'actions' });
  const types = actions.map((action) => action.action_type);
  const gated = isGated(samePath, types);
  const noPublicLink = !types.includes('redirect');

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t.samePath.heading}
      </h2>
      <div className="mt-4 flex items-start gap-3">
        <input
          id={checkboxId}
          type="checkbox"
          aria-describedby={`${checkboxId}-hint`}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700"
          {...register('same_path_for_all_ratings')}
        />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <label htmlFor={checkboxId} className="text-sm font-medium text-slate-800">
              {t.samePath.label}
            </label>
            <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900">{t.samePath.recommended}</span>
          </div>
          <p id={`${checkboxId}-hint`} className="mt-1 max-w-3xl text-sm text-slate-600">
            {t.samePath.hint}
          </p>
        </div>
      </div>

      <div role="status" className="empty:hidden">
        {gated && (
          <WarningNote className="mt-4">
            <p className="font-semibold">{t.gating.heading}</p>
            <p className="mt-1">{t.gating.body}</p>
            <p className="mt-1">{t.gating.remedy}</p>
            <button type="button" onClick={onEnable} className={buttonClass('secondary', 'sm', 'mt-3')}>
              {t.gating.enable}
            </button>
          </WarningNote>
        )}
        {noPublicLink && (
          <div className="mt-4 flex items-start gap-2 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p>{t.noPublicLink}</p>
          </div>
        )}
      </div>
    </section>
  );
}
