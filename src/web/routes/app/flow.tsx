import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil, Plus, Trash2, Workflow, Store } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues, type UseFormRegisterReturn } from 'react-hook-form';
import { flowInput } from '#core/api/flows';
import { TRIGGER_EVENTS } from '#core/domain';
import { FLOW_LIMITS } from '#core/flow-limits';
import { useDeleteFlow, useFlows, useSaveFlow, type Flow, type FlowInput, type FlowInputValues } from '#web/api/flows';
import { ErrorAlert, SuccessAlert } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/EmptyState';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog';
import { QueryState } from '#web/components/ui/QueryState';
import { TextField } from '#web/components/ui/TextField';
import { locale, messages } from '#web/i18n';
import { ApiError } from '#web/lib/api';
import { cx } from '#web/lib/cx';
import { usePageHeader } from '#web/lib/page-header';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { SubmitButton } from '#web/components/ui/SubmitButton';

const t = messages.flow;

/** Flow notices ('Flux enregistré avec succès!', 'Flux supprimé') disappear after 3 s (docs/product/limits.md). */
export const flowNoticeDurationMs = 3_000;

/** "50,00 €" */
function formatEuros(amount: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

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

const isNoStore = (error: unknown) => error instanceof ApiError && error.code === 'no_store';

const formFields = new Set<string>(Object.keys(flowInput.shape));
/** The form field a server refusal names, if it is one of the form's. */
function refusedField(error: unknown): keyof FlowInput | null {
  return error instanceof ApiError && error.code === 'invalid_input' && error.field && formFields.has(error.field) ? (error.field as keyof FlowInput) : null;
}

type Editor = { kind: 'new' } | { kind: 'edit'; flow: Flow };

/**
 * /app/flow: the active store's flows, each shown as a card with Edit and Delete; Add and Edit open
 * an inline form. Saving and deleting refetch the list and show a notice for 3 s.
 */
export default function FlowScreen() {
  usePageHeader(t.title, t.subtitle);
  const uid = useId();
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<Flow | null>(null);
  const notice = useTransientMessage(flowNoticeDurationMs);
  const noticeRef = useRef<HTMLDivElement>(null);

  const query = useFlows();
  const remove = useDeleteFlow();

  const addId = `${uid}-add`;
  const editId = useCallback((flowId: string) => `${uid}-edit-${flowId}`, [uid]);

  /** Focuses an element once React has rendered it (the notice region when it is gone). */
  const focusSoon = useCallback((id: string | null) => {
    requestAnimationFrame(() => {
      const target = id ? document.getElementById(id) : null;
      (target ?? noticeRef.current)?.focus();
    });
  }, []);

  const confirmDelete = (flow: Flow) =>
    remove.mutate(flow, {
      onSuccess: () => {
        if (editor?.kind === 'edit' && editor.flow.id === flow.id) setEditor(null);
        notice.show(t.deleted);
      },
      onSettled: () => {
        setDeleting(null);
        focusSoon(null);
      },
    });

  const openEditor = (next: Editor) => {
    notice.clear();
    remove.reset();
    setEditor(next);
  };

  const closeEditor = () => {
    const opener = editor?.kind === 'edit' ? editId(editor.flow.id) : addId;
    setEditor(null);
    focusSoon(opener);
  };

  const onSaved = (flow: Flow) => {
    setEditor(null);
    notice.show(t.saved);
    focusSoon(editId(flow.id));
  };

  const body: ReactNode = isNoStore(query.error) ? (
    <NoStore />
  ) : (
    <QueryState query={query} loadingLabel={t.loading} errorMessage={t.loadError}>
      {(data) => (
        <FlowList
          addId={addId}
          editId={editId}
          flows={data.flows}
          editor={editor}
          onAdd={() => openEditor({ kind: 'new' })}
          onEdit={(flow) => openEditor({ kind: 'edit', flow })}
          onDelete={(flow) => {
            notice.clear();
            remove.reset();
            setDeleting(flow);
          }}
          form={(current) => (
            <FlowForm
              key={current.kind === 'edit' ? current.flow.id : 'new'}
              storeId={data.store_id}
              flow={current.kind === 'edit' ? current.flow : undefined}
              onCancel={closeEditor}
              onSaved={onSaved}
            />
          )}
        />
      )}
    </QueryState>
  );

  return (
    <div className="space-y-6">
      <div ref={noticeRef} tabIndex={-1} className="outline-none empty:hidden">
        {notice.message && <SuccessAlert>{notice.message}</SuccessAlert>}
        {remove.isError && <ErrorAlert>{remove.error.message}</ErrorAlert>}
      </div>

      {body}

      {deleting && (
        <ConfirmDialog
          title={t.confirm.title}
          confirmLabel={t.confirm.confirm}
          busyLabel={t.confirm.confirming}
          cancelLabel={t.confirm.cancel}
          danger
          busy={remove.isPending}
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          {t.confirm.body(deleting.name)}
        </ConfirmDialog>
      )}
    </div>
  );
}

const selectClass = cx(
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm',
  'focus:border-brand-700 focus:ring-2 focus:ring-brand-700/20 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
);

function NoStore() {
  return (
    <EmptyState icon={Store} heading={t.noStore.heading} action={{ to: '/app/integrations', label: t.noStore.link }}>
      {t.noStore.body}
    </EmptyState>
  );
}

function FlowList({
  addId,
  editId,
  flows,
  editor,
  onAdd,
  onEdit,
  onDelete,
  form,
}: {
  addId: string;
  editId: (flowId: string) => string;
  flows: Flow[];
  editor: Editor | null;
  onAdd: () => void;
  onEdit: (flow: Flow) => void;
  onDelete: (flow: Flow) => void;
  form: (editor: Editor) => ReactNode;
}) {
  const headingId = useId();
  const adding = editor?.kind === 'new';
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t.list.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t.list.description}</p>
        </div>
        {flows.length > 0 && !adding && (
          <button id={addId} type="button" onClick={onAdd} className={buttonClass('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            {t.add}
          </button>
        )}
      </div>

      {adding && form(editor)}

      {flows.length === 0 && !adding && <NoFlows addId={addId} onAdd={onAdd} />}

      {flows.length > 0 && (
        <ul aria-label={t.list.label} className="space-y-4">
          {flows.map((flow) => (
            <li key={flow.id}>
              {editor?.kind === 'edit' && editor.flow.id === flow.id ? form(editor) : <FlowCard flow={flow} editButtonId={editId(flow.id)} onEdit={onEdit} onDelete={onDelete} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoFlows({ addId, onAdd }: { addId: string; onAdd: () => void }) {
  return (
    <EmptyState
      icon={Workflow}
      level={3}
      heading={t.empty.heading}
      action={
        <button id={addId} type="button" onClick={onAdd} className={buttonClass('primary')}>
          <Plus aria-hidden="true" className="size-4" />
          {t.add}
        </button>
      }
    >
      {t.empty.body}
    </EmptyState>
  );
}

function Badge({ active }: { active: boolean }) {
  return (
    <span className={cx('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', active ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700')}>
      {active ? t.card.active : t.card.inactive}
    </span>
  );
}

function channelsLabel(channels: Flow['channels']): string {
  const names = [channels.email ? t.channels.email : null, channels.whatsapp ? t.channels.whatsapp : null].filter((name): name is string => name !== null);
  return names.length > 0 ? names.join(', ') : t.channels.none;
}

function targetLabel(flow: Flow): string {
  if (flow.target_all_orders) return t.target.all;
  const amount = Number(flow.minimum_order_amount);
  return t.target.minimum(formatEuros(Number.isFinite(amount) ? amount : 0));
}

function FlowCard({ flow, editButtonId, onEdit, onDelete }: { flow: Flow; editButtonId: string; onEdit: (flow: Flow) => void; onDelete: (flow: Flow) => void }) {
  const headingId = useId();
  const details: [string, string][] = [
    [t.card.trigger, t.triggers[flow.trigger_event] ?? flow.trigger_event],
    [t.card.delay, t.delay(flow.delay_days, flow.trigger_event)],
    [t.card.channels, channelsLabel(flow.channels)],
    [t.card.target, targetLabel(flow)],
    [t.card.reminder, flow.reminder_days === null ? t.reminder.none : t.reminder.after(flow.reminder_days)],
  ];
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
            {flow.name}
          </h3>
          <Badge active={flow.is_active} />
        </div>
        <div className="flex flex-wrap gap-2">
          <button id={editButtonId} type="button" onClick={() => onEdit(flow)} className={buttonClass('secondary', 'sm')}>
            <Pencil aria-hidden="true" className="size-4" />
            {t.card.edit} <span className="sr-only">{t.card.flowName(flow.name)}</span>
          </button>
          <button type="button" onClick={() => onDelete(flow)} className={buttonClass('secondary', 'sm')}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t.card.delete} <span className="sr-only">{t.card.flowName(flow.name)}</span>
          </button>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {details.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="mt-1 font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

function CheckboxField({
  label,
  hint,
  badge,
  disabled,
  checked,
  onToggle,
  input,
}: {
  label: string;
  hint?: string;
  badge?: string;
  disabled?: boolean;
  checked?: boolean;
  /** A box that drives the form rather than being a field of it (the reminder): `checked` and this. */
  onToggle?: (checked: boolean) => void;
  /** The registered field; without it the box shows `checked` (read-only without `onToggle`: the WhatsApp channel). */
  input?: UseFormRegisterReturn;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-700 disabled:cursor-not-allowed"
        {...(input ?? (onToggle ? { checked: Boolean(checked), onChange: (event) => onToggle(event.target.checked) } : { checked, readOnly: true }))}
      />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className={cx('text-sm font-medium', disabled ? 'text-slate-600' : 'text-slate-800')}>
            {label}
          </label>
          {badge && <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{badge}</span>}
        </div>
        {hint && (
          <p id={hintId} className="mt-0.5 text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

const disabledInputClass = '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 [&_input:disabled]:text-slate-600';

function FlowForm({ storeId, flow, onCancel, onSaved }: { storeId: string; flow?: Flow; onCancel: () => void; onSaved: (flow: Flow) => void }) {
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
    formState: { errors },
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
