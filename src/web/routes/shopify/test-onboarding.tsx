import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, ExternalLink, Info } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { createTestInstallation } from '#core/api/shopify';
import { DevLayout } from '#web/components/layout/DevLayout';
import { ErrorAlert } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { QueryState } from '#web/components/ui/QueryState';
import { TextField } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { formatPrice } from '#web/lib/format';
import { usePlans, type Plan } from '#web/api/plans';
import { useCreateTestInstallation, type TestInstallation } from '#web/api/shopify';

const t = messages.shopifyTestOnboarding;

/** Copy confirmation shows 2 s (docs/product/limits.md). */
const copiedDurationMs = 2_000;

/** The endpoint's own body schema: a valid *.myshopify.com domain, written once for both sides. */
const shopSchema = createTestInstallation.body;
type ShopFormInput = z.input<typeof shopSchema>;
type ShopFormValues = z.output<typeof shopSchema>;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * /shopify/test-onboarding: developer page. Creates an installation link for a test shop
 * (POST /api/shopify/test-installations, which first creates the shop on the local Shopify when it
 * is mounted and the shop is missing, and says so), shows the plan-selection URL to copy or open, checks the
 * plans are configured, and points to the local Shopify emulator.
 */
export default function ShopifyTestOnboardingScreen() {
  return (
    <DevLayout documentTitle={t.title}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t.title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{t.intro}</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <CreateLinkSection />
          <Section title={t.instructions.heading}>
            <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
              {t.instructions.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Section>
        </div>
        <div className="space-y-6">
          <ConfigSection />
          <Section title={t.emulator.heading}>
            <p className="text-sm text-slate-700">{t.emulator.body}</p>
            {/* A server page, not a route of this app: a plain link (full page load). */}
            <a href="/_shopify" className={buttonClass('secondary', 'md', 'mt-4')}>
              {t.emulator.link}
            </a>
          </Section>
        </div>
      </div>
    </DevLayout>
  );
}

function CreateLinkSection() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShopFormInput, unknown, ShopFormValues>({
    resolver: zodResolver(shopSchema),
    defaultValues: { shop: t.defaultShop },
  });

  const create = useCreateTestInstallation();
  const busy = create.isPending;

  return (
    <Section title={t.form.heading}>
      {create.isError && <ErrorAlert className="mb-4">{create.error.message}</ErrorAlert>}
      <form noValidate onSubmit={handleSubmit((values) => create.mutate(values.shop))} className="space-y-4">
        <TextField required label={t.form.shop} hint={t.form.shopHint} autoCapitalize="none" spellCheck={false} error={errors.shop?.message} {...register('shop')} />
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={buttonClass('primary')}>
          {busy ? t.form.submitting : t.form.submit}
        </button>
      </form>
      {create.isSuccess && <TestLink installation={create.data} />}
    </Section>
  );
}

/** Writes to the clipboard; falls back to selecting the field and execCommand('copy'). */
async function copyText(text: string, field: HTMLInputElement | null): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  field?.select();
  if (typeof document.execCommand !== 'function' || !document.execCommand('copy')) throw new Error('copy failed');
}

function TestLink({ installation }: { installation: TestInstallation }) {
  const fieldRef = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async () => {
    clearTimeout(timer.current);
    try {
      await copyText(installation.plan_selection_url, fieldRef.current);
      setCopy('copied');
      timer.current = setTimeout(() => setCopy('idle'), copiedDurationMs);
    } catch {
      setCopy('failed');
      fieldRef.current?.select();
    }
  };

  return (
    <div className="mt-6 border-t border-slate-100 pt-6">
      <h3 className="text-base font-semibold text-slate-900">{t.result.heading}</h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t.result.shop}</dt>
        <dd className="font-medium text-slate-900">{installation.shop}</dd>
        <dt className="text-slate-600">{t.result.token}</dt>
        <dd className="font-mono text-xs break-all text-slate-900">{installation.token}</dd>
      </dl>
      <EmulatorShopNote installation={installation} />
      <TextField
        ref={fieldRef}
        readOnly
        label={t.result.url}
        hint={t.result.validity}
        value={installation.plan_selection_url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-4"
      />
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" onClick={() => void onCopy()} className={buttonClass('secondary')}>
          {copy === 'copied' ? t.result.copied : t.result.copy}
        </button>
        <a href={installation.plan_selection_url} target="_blank" rel="noopener" className={buttonClass('primary')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          {t.result.open} <span className="sr-only">{t.result.newTab}</span>
        </a>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-600">
        {copy === 'copied' ? t.result.copied : null}
      </p>
      {copy === 'failed' && <ErrorAlert className="mt-2">{t.result.copyFailed}</ErrorAlert>}
    </div>
  );
}

/** Whether the test shop exists on the local Shopify (created if needed), or what real Shopify needs. */
function EmulatorShopNote({ installation }: { installation: TestInstallation }) {
  const { shop, emulator_shop: state } = installation;
  if (state === null) {
    return (
      <p className="mt-4 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t.result.emulatorShop.realShopify(shop)}
      </p>
    );
  }
  return (
    <p className="mt-4 flex items-center gap-2 text-sm font-medium text-green-800">
      <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      {state === 'created' ? t.result.emulatorShop.created(shop) : t.result.emulatorShop.existing(shop)}
    </p>
  );
}

function ConfigSection() {
  const plans = usePlans();
  return (
    <Section title={t.config.heading}>
      <QueryState query={plans} loadingLabel={t.config.loading} errorMessage={t.config.error} className="justify-start">
        {(list) => <PlanList plans={list} />}
      </QueryState>
    </Section>
  );
}

function PlanList({ plans }: { plans: Plan[] }) {
  if (plans.length === 0) return <ErrorAlert>{t.config.empty}</ErrorAlert>;
  return (
    <>
      <p className="flex items-center gap-2 text-sm font-medium text-green-800">
        <CircleCheck aria-hidden="true" className="size-4" />
        {t.config.ok(plans.length)}
      </p>
      <ul className="mt-3 divide-y divide-slate-100 text-sm">
        {plans.map((plan) => (
          <li key={plan.id} className="flex items-baseline justify-between gap-3 py-2">
            <span className="font-medium text-slate-900">{plan.name}</span>
            <span className="text-right text-slate-600">
              {formatPrice(plan.price_amount, plan.price_currency) ?? plan.price_amount}
              {messages.common.plans.perMonth} · {t.config.quota(plan.is_unlimited ? null : plan.email_quota)}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
