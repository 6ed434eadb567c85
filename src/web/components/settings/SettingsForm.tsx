import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { DAILY_SEND_LIMIT, settingsInput, type SettingsInput } from '../../../core/api/settings';
import { useSaveSettings, type StoreSettings } from '../../api/settings';
import { messages } from '../../i18n';
import { useTransientMessage } from '../../lib/use-transient-message';
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
}

// The contract's own schema: the form's string values are one of the inputs it takes.
const formResolver = zodResolver(settingsInput) as Resolver<SettingsFormValues, unknown, SettingsInput>;

function formValues(settings: StoreSettings): SettingsFormValues {
  return { owner_notification_email: settings.owner_notification_email, daily_send_limit: String(settings.daily_send_limit) };
}

/** The owner's notification address and the daily send limit, saved together; unsubscribe shown as always on. */
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
          type="number"
          inputMode="numeric"
          min={DAILY_SEND_LIMIT.min}
          max={DAILY_SEND_LIMIT.max}
          step={1}
          required
          className="max-w-xs"
          error={errors.daily_send_limit?.message}
          {...register('daily_send_limit')}
        />
        <UnsubscribeSwitch />
      </section>

      <SaveBar busy={busy} dirty={isDirty} notice={notice.message} error={save.isError ? save.error.message : null} />
    </form>
  );
}
