import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { flowInput } from '#core/api/flows';
import { TRIGGER_EVENTS } from '#core/domain';
import { FLOW_LIMITS } from '#core/flow-limits';
import { useSaveFlow, type Flow, type FlowInput, type FlowInputValues } from '#web/api/flows';
import { ErrorAlert } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { SubmitButton } from '#web/components/ui/SubmitButton';
import { TextField } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { ApiError } from '#web/lib/api';
import { cx } from '#web/lib/cx';
import { CheckboxField } from './CheckboxField';
import { AdminSaveBar } from '#web/components/layout/AdminSaveBar';

const t = messages.flow;

/**
 * The form's starting values: a flow's, or a new flow's (docs/product/limits.md: 'Nouveau flux', fulfilment,
 * 3 days, e-mail, all orders, 0, active). WhatsApp is not offered yet and the contract refuses it,
 * so a flow is always saved with it off.
 */
function formValues(flow?: Flow): DefaultValues<FlowInputValues> {
  if (!flow) {
    return {
      name: t.form.defaultName,
      trigger_event: 'order_fulfilled',
      delay_days: 3,
      channels: { email: true, whatsapp: false },
      target_all_orders: true,
      minimum_order_amount: 0,
      reminder_days: null,
      is_active: true,
    };
  }
  return {
    name: flow.name,
    trigger_event: flow.trigger_event,
    delay_days: flow.delay_days,
    channels: { email: flow.channels.email, whatsapp: false },
    target_all_orders: flow.target_all_orders,
    minimum_order_amount: flow.minimum_order_amount,
    reminder_days: flow.reminder_days,
    is_active: flow.is_active,
  };
}

/** The reminder a ticked 'Envoyer une relance' starts with. */
const DEFAULT_REMINDER_DAYS = 3;

/** The contract's bounds of the minimum amount (the form keeps a valid one when 'all orders' is ticked). */
const validMinimum = (value: unknown) => flowInput.shape.minimum_order_amount.safeParse(value).success;

const formFields = new Set<string>(Object.keys(flowInput.shape));

/** The form field a server refusal names, if it is one of the form's. */
function refusedField(error: unknown): keyof FlowInput | null {
  return error instanceof ApiError && error.code === 'invalid_input' && error.field && formFields.has(error.field) ? (error.field as keyof FlowInput) : null;
}

const selectClass = cx(
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
  'focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
);

const disabledInputClass = '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 [&_input:disabled]:text-slate-600';

/** The inline form that creates or edits a flow; a refusal the server pins on a field is shown on it. */
export function FlowForm({ storeId, flow, onCancel, onSaved }: { storeId: string; flow?: Flow; onCancel: () => void; onSaved: (flow: Flow) => void }) {
  const headingId = useId();
  const triggerId = useId();

  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    setError,
    setFocus,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<FlowInputValues, unknown, FlowInput>({ resolver: zodResolver(flowInput), defaultValues: formValues(flow) });
  const targetAll = useWatch({ control, name: 'target_all_orders' });
  const trigger = useWatch({ control, name: 'trigger_event' });
  // Whether the flow has a reminder: the box, not a field of the contract (null days = none).
  const [reminderOn, setReminderOn] = useState(flow?.reminder_days != null);
  const toggleReminder = (on: boolean) => {
    setReminderOn(on);
    clearErrors('reminder_days');
    setValue('reminder_days', on ? (flow?.reminder_days ?? DEFAULT_REMINDER_DAYS) : null);
    if (on) requestAnimationFrame(() => setFocus('reminder_days'));
  };

  useEffect(() => {
    setFocus('name', { shouldSelect: true });
  }, [setFocus]);

  const save = useSaveFlow(storeId, flow);
  const submit = (body: FlowInput) =>
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        // A refusal the server pins on one field is shown on that field.
        const field = refusedField(error);
        if (field) setError(field, { message: error.message }, { shouldFocus: true });
      },
    });
  const busy = save.isPending;

  return (
    <div className="rounded-2xl border border-brand-200 bg-white p-6 shadow-sm ring-1 ring-brand-100">
      <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
        {flow ? t.form.editHeading(flow.name) : t.form.newHeading}
      </h3>
      {save.isError && !refusedField(save.error) && <ErrorAlert className="mt-4">{save.error.message}</ErrorAlert>}
      <AdminSaveBar dirty={isDirty || !flow} busy={busy} saveLabel={t.form.save} discardLabel={t.form.cancel} onSave={() => void handleSubmit(submit)()} onDiscard={onCancel} />
      <form noValidate aria-labelledby={headingId} aria-busy={busy || undefined} onSubmit={handleSubmit(submit)} className="mt-6 space-y-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label={t.form.name} required autoComplete="off" maxLength={FLOW_LIMITS.nameMax} error={errors.name?.message} className="sm:col-span-2" {...register('name')} />
          <div>
            <label htmlFor={triggerId} className="block text-sm font-medium text-slate-800">
              {t.form.trigger}
            </label>
            <select id={triggerId} aria-describedby={`${triggerId}-hint`} className={selectClass} {...register('trigger_event')}>
              {TRIGGER_EVENTS.map((event) => (
                <option key={event} value={event}>
                  {t.triggers[event]}
                </option>
              ))}
            </select>
            <p id={`${triggerId}-hint`} className="mt-1 text-xs text-slate-600">
              {t.form.triggerHint} {trigger ? t.form.triggerHints[trigger] : null}
            </p>
          </div>
          <TextField
            label={t.form.delay}
            type="number"
            inputMode="numeric"
            min={0}
            max={FLOW_LIMITS.maxDelayDays}
            step={1}
            required
            hint={t.form.delayHint}
            error={errors.delay_days?.message}
            {...register('delay_days', { valueAsNumber: true })}
          />
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t.form.channels}</legend>
          <div className="mt-3 space-y-3">
            <CheckboxField label={t.form.email} input={register('channels.email')} />
            <CheckboxField label={t.form.whatsapp} badge={t.form.soon} hint={t.form.whatsappHint} disabled checked={false} />
          </div>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <CheckboxField
            label={t.form.targetAll}
            hint={t.form.targetAllHint}
            input={register('target_all_orders', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (!event.target.checked) return;
                clearErrors('minimum_order_amount');
                // The amount is no longer used: an invalid one becomes 0 rather than block the save.
                if (!validMinimum(getValues('minimum_order_amount'))) setValue('minimum_order_amount', 0);
              },
            })}
          />
          <TextField
            label={t.form.minimum}
            type="number"
            inputMode="decimal"
            min={0}
            max={FLOW_LIMITS.maxMinimumAmount}
            step={0.01}
            disabled={targetAll}
            hint={t.form.minimumHint}
            error={targetAll ? undefined : errors.minimum_order_amount?.message}
            className={disabledInputClass}
            {...register('minimum_order_amount', { valueAsNumber: true })}
          />
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <CheckboxField label={t.form.reminder} hint={t.form.reminderHint} checked={reminderOn} onToggle={toggleReminder} />
          {reminderOn && (
            <TextField
              label={t.form.reminderDays}
              type="number"
              inputMode="numeric"
              min={FLOW_LIMITS.reminderDays.min}
              max={FLOW_LIMITS.reminderDays.max}
              step={1}
              required
              hint={t.form.reminderDaysHint}
              error={errors.reminder_days?.message}
              {...register('reminder_days', { valueAsNumber: true })}
            />
          )}
        </div>

        <CheckboxField label={t.form.active} hint={t.form.activeHint} input={register('is_active')} />

        <div className="flex flex-wrap gap-3 border-t border-slate-100 pt-6">
          <SubmitButton busy={busy} busyLabel={t.form.saving}>
            {t.form.save}
          </SubmitButton>
          <button type="button" onClick={onCancel} disabled={busy} className={buttonClass('secondary')}>
            {t.form.cancel}
          </button>
        </div>
      </form>
    </div>
  );
}
