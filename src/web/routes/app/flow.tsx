import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, Workflow, Store } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { ErrorAlert, SuccessAlert } from '../../components/ui/Alert';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/EmptyState';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Spinner } from '../../components/ui/Spinner';
import { TextField } from '../../components/ui/TextField';
import { locale, messages } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { cx } from '../../lib/cx';
import { usePageHeader } from '../../lib/page-header';
import { useTransientMessage } from '../../lib/use-transient-message';
import { SubmitButton } from '../../components/ui/SubmitButton';
import { FLOW_LIMITS } from '../../../core/flow-limits';

const t = messages.flow;

/** Flow notices ('Flux enregistré avec succès!', 'Flux supprimé') disappear after 3 s (spec section 9). */
export const flowNoticeDurationMs = 3_000;

/** Upper bounds the form accepts: a year of delay; the `numeric(12, 2)` column for the amount. */
export const maxDelayDays = FLOW_LIMITS.maxDelayDays;

export type TriggerEvent = 'order_paid' | 'order_fulfilled';
const triggerEvents: readonly TriggerEvent[] = ['order_paid', 'order_fulfilled'];

export interface FlowChannels {
  email: boolean;
  whatsapp: boolean;
}

/** A flow as the API returns it: its settings plus identity and times. */
export interface Flow extends FlowBody {
  id: string;
  shopify_store_id: string;
  created_at: string;
  updated_at: string;
}

export interface FlowStore {
  id: string;
  shop_domain: string;
  shop_name: string | null;
  is_active: boolean;
}

/** GET /api/flows: the account's stores, the store shown and its flows (oldest first). */
export interface FlowsResponse {
  stores: FlowStore[];
  store_id: string | null;
  flows: Flow[];
}

/** Body of PUT /api/flows/:id (POST adds `shopify_store_id`). */
export interface FlowBody {
  name: string;
  trigger_event: TriggerEvent;
  delay_days: number;
  channels: FlowChannels;
  target_all_orders: boolean;
  minimum_order_amount: number;
  is_active: boolean;
}

export const flowsQueryKey = ['flows'] as const;

function flowsPath(storeId: string | null): string {
  return storeId ? `/api/flows?store_id=${encodeURIComponent(storeId)}` : '/api/flows';
}

/** "50,00 €" */
function formatEuros(amount: number): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** The form's fields: numbers stay text until validated (an empty field is not a zero). */
interface FlowFormValues {
  name: string;
  trigger_event: TriggerEvent;
  delay_days: string;
  email: boolean;
  target_all_orders: boolean;
  minimum_order_amount: string;
  is_active: boolean;
}

/** A new flow's fields (spec section 9: 'Nouveau flux', fulfilment, 3 days, e-mail, all orders, 0, active). */
function formValues(flow?: Flow): FlowFormValues {
  if (!flow) {
    return {
      name: t.form.defaultName,
      trigger_event: 'order_fulfilled',
      delay_days: '3',
      email: true,
      target_all_orders: true,
      minimum_order_amount: '0',
      is_active: true,
    };
  }
  // numeric columns may reach JSON as strings: read them as numbers either way.
  const minimum = Number(flow.minimum_order_amount);
  return {
    name: flow.name,
    trigger_event: flow.trigger_event,
    delay_days: String(flow.delay_days),
    email: flow.channels.email,
    target_all_orders: flow.target_all_orders,
    minimum_order_amount: Number.isFinite(minimum) ? String(minimum) : '0',
    is_active: flow.is_active,
  };
}

/** A whole number of days, 0 to 365, or null. */
function parseDelay(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const days = Number(trimmed);
  return days <= maxDelayDays ? days : null;
}

/** An amount in euros, at least 0, at most 2 decimals ("49,90" accepted), or null. */
/** A non-negative amount with 2 decimals at most, or null; the maximum is checked apart. */
function parseAmount(text: string | undefined): number | null {
  const trimmed = (text ?? '').trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Number(trimmed);
}

type FlowFormErrors = Partial<Record<keyof FlowFormValues, string>>;

/**
 * Spec section 5 'Flow': name required, delay a whole number >= 0, minimum amount >= 0 (checked only
 * when the flow does not target all orders: the field is disabled otherwise, and then keeps its value
 * when it is valid, else 0). WhatsApp cannot be changed here: its current value is kept.
 */
export function parseFlowForm(
  values: FlowFormValues,
  whatsapp: boolean,
): { body: FlowBody; errors: null } | { body: null; errors: FlowFormErrors } {
  const errors: FlowFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = t.validation.nameRequired;
  const delay = parseDelay(values.delay_days);
  if (delay === null) errors.delay_days = t.validation.delay;
  const amount = parseAmount(values.minimum_order_amount);
  const tooLarge = amount !== null && amount > FLOW_LIMITS.maxMinimumAmount;
  if (!values.target_all_orders && amount === null) errors.minimum_order_amount = t.validation.minimum;
  else if (!values.target_all_orders && tooLarge) errors.minimum_order_amount = t.validation.minimumTooLarge;
  if (Object.keys(errors).length > 0 || delay === null) return { body: null, errors };
  return {
    body: {
      name,
      trigger_event: values.trigger_event,
      delay_days: delay,
      channels: { email: values.email, whatsapp },
      target_all_orders: values.target_all_orders,
      minimum_order_amount: amount !== null && !tooLarge ? amount : 0,
      is_active: values.is_active,
    },
    errors: null,
  };
}

type Editor = { kind: 'new' } | { kind: 'edit'; flow: Flow };

/**
 * /app/flow: the flows of one store (a selector appears when the account has several), each shown
 * as a card with Edit and Delete; Add and Edit open an inline form. Saving and deleting refetch the
 * list and show a notice for 3 s.
 */
export default function FlowScreen() {
  usePageHeader(t.title, t.subtitle);
  const uid = useId();
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState<string | null>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<Flow | null>(null);
  const notice = useTransientMessage(flowNoticeDurationMs);
  const noticeRef = useRef<HTMLDivElement>(null);

  const query = useQuery({
    queryKey: [...flowsQueryKey, storeId],
    queryFn: () => apiFetch<FlowsResponse>(flowsPath(storeId)),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const switching = query.isPlaceholderData;

  // The selector stays usable when a store's flows fail to load: remember the last list of stores.
  const [knownStores, setKnownStores] = useState<FlowStore[]>([]);
  if (data && !switching && data.stores !== knownStores) setKnownStores(data.stores);
  const stores = data?.stores ?? knownStores;

  const addId = `${uid}-add`;
  const editId = useCallback((flowId: string) => `${uid}-edit-${flowId}`, [uid]);

  /** Focuses an element once React has rendered it (the notice region when it is gone). */
  const focusSoon = useCallback((id: string | null) => {
    requestAnimationFrame(() => {
      const target = id ? document.getElementById(id) : null;
      (target ?? noticeRef.current)?.focus();
    });
  }, []);

  const remove = useMutation({
    mutationFn: (flow: Flow) => apiFetch<unknown>(`/api/flows/${encodeURIComponent(flow.id)}`, { method: 'DELETE' }),
    onMutate: () => notice.clear(),
    onSuccess: (_result, flow) => {
      if (editor?.kind === 'edit' && editor.flow.id === flow.id) setEditor(null);
      notice.show(t.deleted);
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: flowsQueryKey });
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

  const changeStore = (id: string) => {
    setEditor(null);
    notice.clear();
    remove.reset();
    setStoreId(id);
  };

  let body: ReactNode;
  if (query.isPending) {
    body = <Spinner label={t.loading} className="rounded-2xl border border-slate-200 bg-white py-12" />;
  } else if (query.isError) {
    body = (
      <ErrorAlert
        retry={{ label: t.retry, onRetry: () => void query.refetch(), busy: query.isFetching }}
      >
        {t.loadError}
      </ErrorAlert>
    );
  } else if (!data?.store_id) {
    body = <NoStore />;
  } else if (switching) {
    body = <Spinner label={t.loading} className="rounded-2xl border border-slate-200 bg-white py-12" />;
  } else {
    const storeOfFlows = data.store_id;
    const flows = data.flows;
    body = (
      <FlowList
        addId={addId}
        editId={editId}
        flows={flows}
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
            storeId={storeOfFlows}
            flow={current.kind === 'edit' ? current.flow : undefined}
            onCancel={closeEditor}
            onSaved={onSaved}
          />
        )}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div ref={noticeRef} tabIndex={-1} className="outline-none empty:hidden">
        {notice.message && <SuccessAlert>{notice.message}</SuccessAlert>}
        {remove.isError && <ErrorAlert>{remove.error.message}</ErrorAlert>}
      </div>

      {stores.length > 1 && (
        <StoreSelect stores={stores} value={storeId ?? data?.store_id ?? ''} onChange={changeStore} />
      )}

      {body}

      {deleting && (
        <ConfirmDialog
          title={t.confirm.title}
          confirmLabel={t.confirm.confirm}
          busyLabel={t.confirm.confirming}
          cancelLabel={t.confirm.cancel}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
        >
          {t.confirm.body(deleting.name)}
        </ConfirmDialog>
      )}
    </div>
  );
}

function StoreSelect({
  stores,
  value,
  onChange,
}: {
  stores: FlowStore[];
  value: string;
  onChange: (storeId: string) => void;
}) {
  const id = useId();
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t.store.label}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
        className={cx(selectClass, 'max-w-md')}
      >
        {stores.map((store) => (
          <option key={store.id} value={store.id}>
            {store.shop_name ? `${store.shop_name} (${store.shop_domain})` : store.shop_domain}
            {store.is_active ? '' : ` ${t.store.inactive}`}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {t.store.hint}
      </p>
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
              {editor?.kind === 'edit' && editor.flow.id === flow.id ? (
                form(editor)
              ) : (
                <FlowCard flow={flow} editButtonId={editId(flow.id)} onEdit={onEdit} onDelete={onDelete} />
              )}
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
    <span
      className={cx(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
        active ? 'bg-green-100 text-green-800' : 'bg-slate-100 text-slate-700',
      )}
    >
      {active ? t.card.active : t.card.inactive}
    </span>
  );
}

function channelsLabel(channels: FlowChannels): string {
  const names = [channels.email ? t.channels.email : null, channels.whatsapp ? t.channels.whatsapp : null].filter(
    (name): name is string => name !== null,
  );
  return names.length > 0 ? names.join(', ') : t.channels.none;
}

function targetLabel(flow: Flow): string {
  if (flow.target_all_orders) return t.target.all;
  const amount = Number(flow.minimum_order_amount);
  return t.target.minimum(formatEuros(Number.isFinite(amount) ? amount : 0));
}

function FlowCard({
  flow,
  editButtonId,
  onEdit,
  onDelete,
}: {
  flow: Flow;
  editButtonId: string;
  onEdit: (flow: Flow) => void;
  onDelete: (flow: Flow) => void;
}) {
  const headingId = useId();
  const details: [string, string][] = [
    [t.card.trigger, t.triggers[flow.trigger_event] ?? flow.trigger_event],
    [t.card.delay, t.delay(flow.delay_days, flow.trigger_event)],
    [t.card.channels, channelsLabel(flow.channels)],
    [t.card.target, targetLabel(flow)],
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
            {t.card.edit}{' '}
            <span className="sr-only">{t.card.flowName(flow.name)}</span>
          </button>
          <button type="button" onClick={() => onDelete(flow)} className={buttonClass('secondary', 'sm')}>
            <Trash2 aria-hidden="true" className="size-4" />
            {t.card.delete}{' '}
            <span className="sr-only">{t.card.flowName(flow.name)}</span>
          </button>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
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
  input,
}: {
  label: string;
  hint?: string;
  badge?: string;
  disabled?: boolean;
  checked?: boolean;
  /** The registered field; without it the box only shows `checked` (the WhatsApp channel). */
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
        {...(input ?? { checked, readOnly: true })}
      />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={id} className={cx('text-sm font-medium', disabled ? 'text-slate-600' : 'text-slate-800')}>
            {label}
          </label>
          {badge && (
            <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
              {badge}
            </span>
          )}
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

const disabledInputClass =
  '[&_input:disabled]:cursor-not-allowed [&_input:disabled]:bg-slate-100 [&_input:disabled]:text-slate-600';

function FlowForm({
  storeId,
  flow,
  onCancel,
  onSaved,
}: {
  storeId: string;
  flow?: Flow;
  onCancel: () => void;
  onSaved: (flow: Flow) => void;
}) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const triggerId = useId();
  const whatsapp = flow?.channels.whatsapp ?? false;

  const resolver: Resolver<FlowFormValues, unknown, FlowBody> = async (values) => {
    const result = parseFlowForm(values, whatsapp);
    if (result.body) return { values: result.body, errors: {} };
    const errors: FieldErrors<FlowFormValues> = {};
    for (const [name, message] of Object.entries(result.errors) as [keyof FlowFormValues, string][]) {
      errors[name] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };

  const {
    register,
    handleSubmit,
    control,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<FlowFormValues, unknown, FlowBody>({ resolver, defaultValues: formValues(flow) });
  const targetAll = useWatch({ control, name: 'target_all_orders' });

  useEffect(() => {
    setFocus('name', { shouldSelect: true });
  }, [setFocus]);

  const save = useMutation({
    mutationFn: async (body: FlowBody) => {
      const data = flow
        ? await apiFetch<{ flow: Flow }>(`/api/flows/${encodeURIComponent(flow.id)}`, { method: 'PUT', body })
        : await apiFetch<{ flow: Flow }>('/api/flows', { method: 'POST', body: { shopify_store_id: storeId, ...body } });
      return data.flow;
    },
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: flowsQueryKey });
      onSaved(saved);
    },
  });
  const busy = save.isPending;

  return (
    <div className="rounded-2xl border border-brand-200 bg-white p-6 shadow-sm ring-1 ring-brand-100">
      <h3 id={headingId} className="text-base font-semibold break-words text-slate-900">
        {flow ? t.form.editHeading(flow.name) : t.form.newHeading}
      </h3>
      {save.isError && <ErrorAlert className="mt-4">{save.error.message}</ErrorAlert>}
      <form
        noValidate
        aria-labelledby={headingId}
        aria-busy={busy || undefined}
        onSubmit={handleSubmit((body) => save.mutate(body))}
        className="mt-6 space-y-6"
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t.form.name}
            required
            autoComplete="off"
            maxLength={100}
            error={errors.name?.message}
            className="sm:col-span-2"
            {...register('name')}
          />
          <div>
            <label htmlFor={triggerId} className="block text-sm font-medium text-slate-800">
              {t.form.trigger}
            </label>
            <select id={triggerId} aria-describedby={`${triggerId}-hint`} className={selectClass} {...register('trigger_event')}>
              {triggerEvents.map((event) => (
                <option key={event} value={event}>
                  {t.triggers[event]}
                </option>
              ))}
            </select>
            <p id={`${triggerId}-hint`} className="mt-1 text-xs text-slate-600">
              {t.form.triggerHint}
            </p>
          </div>
          <TextField
            label={t.form.delay}
            type="number"
            inputMode="numeric"
            min={0}
            max={maxDelayDays}
            step={1}
            required
            hint={t.form.delayHint}
            error={errors.delay_days?.message}
            {...register('delay_days')}
          />
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-slate-900">{t.form.channels}</legend>
          <div className="mt-3 space-y-3">
            <CheckboxField label={t.form.email} input={register('email')} />
            <CheckboxField
              label={t.form.whatsapp}
              badge={t.form.soon}
              hint={t.form.whatsappHint}
              disabled
              checked={whatsapp}
            />
          </div>
        </fieldset>

        <div className="grid gap-5 sm:grid-cols-2">
          <CheckboxField
            label={t.form.targetAll}
            hint={t.form.targetAllHint}
            input={register('target_all_orders', {
              onChange: (event: { target: { checked: boolean } }) => {
                if (event.target.checked) clearErrors('minimum_order_amount');
              },
            })}
          />
          <TextField
            label={t.form.minimum}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            disabled={targetAll}
            hint={t.form.minimumHint}
            error={targetAll ? undefined : errors.minimum_order_amount?.message}
            className={disabledInputClass}
            {...register('minimum_order_amount')}
          />
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
