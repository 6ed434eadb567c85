import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { CUSTOMER_ASK_WINDOW, DAILY_SEND_LIMIT, settingsInput, type SettingsInput } from '#core/api/settings';
import { useSaveSettings, type StoreSettings } from '#web/api/settings';
import { messages } from '#web/i18n';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { TextField } from '../ui/TextField';
import { RecipientStatus } from './RecipientStatus';
import { UnsubscribeSwitch } from './UnsubscribeSwitch';
import { InfoNotice } from '../ui/InfoNotice';
import { SaveBar } from '../ui/SaveBar';

const t = messages.settings;

/** The limit is typed as text: the contract turns it into a number (a non-number becomes 0, refused). */
interface SettingsFormValues {
  owner_notification_email: string;
  daily_send_limit: string;
  customer_ask_window_days: string;
}

// The contract's own schema: the form's string values are one of the inputs it takes.
const formResolver = zodResolver(settingsInput) as Resolver<SettingsFormValues, unknown, SettingsInput>;

/** A required whole number within the contract's bounds, typed on a numeric keypad. */
const wholeNumberInput = (bounds: { min: number; max: number }) =>
  ({ type: 'number', inputMode: 'numeric', min: bounds.min, max: bounds.max, step: 1, required: true, className: 'max-w-xs' }) as const;

function formValues(settings: StoreSettings): SettingsFormValues {
  return {
    owner_notification_email: settings.owner_notification_email,
    daily_send_limit: String(settings.daily_send_limit),
    customer_ask_window_days: String(settings.customer_ask_window_days),
  };
}

/** The owner's notification address, the daily send limit and the one-ask-per-customer window, saved together; unsubscribe shown as always on. */
export function SettingsForm({ settings }: { settings: StoreSettings }) {
  const id = useId();
  const notice = useTransientMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<SettingsFormValues, unknown, SettingsInput>({ resolver: formResolver, defaultValues: formValues(settings) });

  const save = useSaveSettings();
  const submit = (body: SettingsInput) => {
    notice.clear();
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(formValues(saved));
        notice.show(t.saved);
      },
    });
  };
  const busy = save.isPending;

  return (
    <form noValidate aria-label={t.formLabel} aria-busy={busy || undefined} onSubmit={handleSubmit(submit)} className="max-w-3xl space-y-6">
      {!settings.saved && <InfoNotice heading={t.defaults.heading} body={t.defaults.body} />}

      <section aria-labelledby={`${id}-notifications`} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id={`${id}-notifications`} className="text-lg font-semibold text-slate-900">
          {t.notifications.heading}
        </h2>
        <TextField
          label={t.notifications.email}
          hint={t.notifications.emailHint}
          type="email"
          autoComplete="email"
          placeholder={t.notifications.emailPlaceholder}
          required
          maxLength={254}
          error={errors.owner_notification_email?.message}
          {...register('owner_notification_email')}
        />
        <RecipientStatus email={settings.owner_notification_email} />
      </section>

      <section aria-labelledby={`${id}-sending`} className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id={`${id}-sending`} className="text-lg font-semibold text-slate-900">
          {t.sending.heading}
        </h2>
        <TextField
          label={t.sending.dailyLimit}
          hint={t.sending.dailyLimitHint}
          {...wholeNumberInput(DAILY_SEND_LIMIT)}
          error={errors.daily_send_limit?.message}
          {...register('daily_send_limit')}
        />
        <TextField
          label={t.sending.customerWindow}
          hint={t.sending.customerWindowHint}
          {...wholeNumberInput(CUSTOMER_ASK_WINDOW)}
          error={errors.customer_ask_window_days?.message}
          {...register('customer_ask_window_days')}
        />
        <UnsubscribeSwitch />
      </section>

      <SaveBar onDiscard={() => reset()} busy={busy} dirty={isDirty} notice={notice.message} error={save.isError ? save.error.message : null} />
    </form>
  );
}
