import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { senderInput, type SenderInput } from '#core/api/deliverability';
import { useSaveSenderAddress, type DeliverabilityState } from '#web/api/deliverability';
import { messages } from '#web/i18n';
import { ApiError } from '#web/lib/api';
import { ErrorAlert, WarningNote } from '../ui/Alert';
import { SubmitButton } from '../ui/SubmitButton';
import { TextField } from '../ui/TextField';

const t = messages.deliverability.form;
const form = messages.common.form;

interface SenderFormValues {
  from_address: string;
}

// The contract's schema: the same French messages as the server's refusal.
const formResolver = zodResolver(senderInput) as Resolver<SenderFormValues, unknown, SenderInput>;

/** The domain part of what is typed, once it looks like an address on a domain (else null). */
function typedDomain(value: string): string | null {
  const at = value.trim().lastIndexOf('@');
  if (at < 1) return null;
  const domain = value
    .trim()
    .slice(at + 1)
    .toLowerCase();
  return /^[^\s@]+\.[^\s@]+$/u.test(domain) ? domain : null;
}

/**
 * 'Adresse d'expédition' and 'Enregistrer l'adresse'. Typing an address on another domain than the saved one
 * warns before the save that the new domain gets a new key and must verify again.
 */
export function SenderAddressForm({ sender, onSaved }: { sender: DeliverabilityState['sender']; onSaved: (state: DeliverabilityState) => void }) {
  const saved = sender?.from_address ?? '';
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm<SenderFormValues, unknown, SenderInput>({ resolver: formResolver, defaultValues: { from_address: saved } });

  // The saved address changes after a save or a removal: the field shows it again.
  useEffect(() => reset({ from_address: saved }), [reset, saved]);

  const save = useSaveSenderAddress();
  const submit = (body: SenderInput) => {
    save.mutate(body, {
      onSuccess: (state) => {
        reset({ from_address: state.sender?.from_address ?? '' });
        onSaved(state);
      },
      onError: (error) => {
        // A refusal the server ties to the field shows under it, like the form's own checks.
        if (error instanceof ApiError && error.field === 'from_address') setError('from_address', { message: error.message }, { shouldFocus: true });
      },
    });
  };

  const typed = useWatch({ control, name: 'from_address' }) ?? '';
  const domain = typedDomain(typed);
  const changesDomain = sender !== null && domain !== null && domain !== sender.domain;
  const busy = save.isPending;
  const fieldRefused = save.error instanceof ApiError && save.error.field === 'from_address';

  return (
    <form noValidate aria-label={t.label} aria-busy={busy || undefined} onSubmit={handleSubmit(submit)} className="space-y-4">
      <div>
        <TextField
          label={t.address}
          hint={t.hint}
          type="email"
          autoComplete="email"
          placeholder={t.placeholder}
          required
          maxLength={254}
          className="max-w-md"
          error={errors.from_address?.message}
          {...register('from_address')}
        />
        {/* Announced as it appears: the merchant learns the consequence before saving. */}
        <div aria-live="polite">{changesDomain && <WarningNote className="mt-4">{t.domainChange(domain)}</WarningNote>}</div>
      </div>
      {save.isError && !fieldRefused && <ErrorAlert>{save.error.message}</ErrorAlert>}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} busyLabel={form.saving}>
          {t.save}
        </SubmitButton>
        {isDirty && !busy && <p className="text-sm text-slate-600">{form.unsaved}</p>}
      </div>
    </form>
  );
}
