import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, KeyRound, UserRound } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { personName } from '#core/account-name';
import { useChangeEmail, useChangePassword, useUpdateUser } from '#web/api/auth';
import { useCurrentPlan } from '#web/api/plans';
import { QuotaBar } from '#web/components/quota/QuotaBar';
import { ErrorAlert, SuccessAlert, WarningNote } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/Spinner';
import { TabList, TabPanel, type TabItem } from '#web/components/ui/Tabs';
import { PasswordField } from '#web/components/ui/PasswordField';
import { TextField } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { changePasswordSchema, profileSchema, type ProfileValues } from '#web/lib/auth-forms';
import { ApiError } from '#web/lib/api';
import { formatDate } from '#web/lib/format';
import { usePageHeader } from '#web/lib/page-header';
import { useCurrentStore, useEndSession, useSession } from '#web/lib/session';
import { useTransientMessage } from '#web/lib/use-transient-message';
import { SubmitButton } from '#web/components/ui/SubmitButton';

const tabKeys = ['profile', 'password', 'subscription'] as const;
export type AccountTab = (typeof tabKeys)[number];

function parseTab(value: string | null): AccountTab {
  return tabKeys.find((key) => key === value) ?? 'profile';
}

/**
 * /app/account-settings: three tabs chosen by `?tab=profile|password|subscription` (the account
 * menu links there). Needs a session only, not a subscription.
 */
export default function AccountSettingsScreen() {
  const t = messages.accountSettings;
  usePageHeader(t.title, t.subtitle);
  const idPrefix = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = parseTab(searchParams.get('tab'));

  const tabs: TabItem<AccountTab>[] = [
    { id: 'profile', label: t.tabs.profile, icon: <UserRound aria-hidden="true" className="size-4" /> },
    { id: 'password', label: t.tabs.password, icon: <KeyRound aria-hidden="true" className="size-4" /> },
    { id: 'subscription', label: t.tabs.subscription, icon: <CreditCard aria-hidden="true" className="size-4" /> },
  ];

  const select = (tab: AccountTab) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', tab);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="space-y-6">
      <TabList label={t.tabsLabel} idPrefix={idPrefix} tabs={tabs} selected={selected} onSelect={select} />
      <TabPanel idPrefix={idPrefix} id="profile" selected={selected === 'profile'}>
        <ProfileSection />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="password" selected={selected === 'password'}>
        <PasswordSection />
      </TabPanel>
      <TabPanel idPrefix={idPrefix} id="subscription" selected={selected === 'subscription'}>
        <SubscriptionSection />
      </TabPanel>
    </div>
  );
}

function SectionCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-6 max-w-lg">{children}</div>
    </section>
  );
}

/**
 * Name (POST update-user) and e-mail (POST change-email): only what changed is sent. A new e-mail
 * asks the current password (the field shows once the address typed differs) and only applies once
 * confirmed from it (decision 022): until then the form shows the address kept and where the link
 * went. The followed link lands on /email-changed, public, which says what happened.
 */
function ProfileSection() {
  const t = messages.accountSettings.profile;
  const { data: session } = useSession();
  const user = session?.user;
  const updateUser = useUpdateUser();
  const changeEmail = useChangeEmail();
  const notice = useTransientMessage();
  const [pending, setPending] = useState<{ next: string; current: string } | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // A name equal to the company name is the company's: the field starts empty (decision 046).
  const [initial] = useState<ProfileValues>(() => ({ name: user ? personName(user) : '', email: user?.email ?? '', currentPassword: '' }));
  // What the server holds, as far as this form knows: compared with on save to send only changes.
  const saved = useRef(initial);
  // The account's address stays `initial.email` until a link is followed, elsewhere.
  const [schema] = useState(() => profileSchema(initial.email));
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: initial });
  const emailChanging = useWatch({ control, name: 'email' }).trim().toLowerCase() !== initial.email.toLowerCase();

  const save = useMutation({
    mutationFn: async (values: ProfileValues) => {
      // One step at a time, each remembered once done: a retry after a failed e-mail change does not
      // send the name again.
      if (values.name !== saved.current.name) {
        await updateUser.mutateAsync({ name: values.name });
        saved.current = { ...saved.current, name: values.name };
      }
      let requested: string | null = null;
      if (values.email.toLowerCase() !== saved.current.email.toLowerCase()) {
        await changeEmail.mutateAsync({ newEmail: values.email, currentPassword: values.currentPassword });
        requested = values.email;
      }
      // The account keeps its address until the new one is confirmed.
      return { values: { ...values, email: saved.current.email, currentPassword: '' }, pending: requested ? { next: requested, current: saved.current.email } : null };
    },
    onMutate: () => notice.clear(),
    // A wrong password is said next to its field, not above the form.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'invalid_password') setError('currentPassword', { message: error.message }, { shouldFocus: true });
    },
    onSuccess: ({ values, pending: requested }) => {
      reset(values);
      setPending(requested);
      notice.show(t.success);
    },
  });
  const busy = save.isPending;

  return (
    <SectionCard title={t.heading} description={t.description}>
      {save.isError && !errors.currentPassword && <ErrorAlert className="mb-6">{save.error.message}</ErrorAlert>}
      {notice.message && <SuccessAlert className="mb-6">{notice.message}</SuccessAlert>}
      {pending && (
        <WarningNote className="mb-6">
          <span role="status">{t.emailPending(pending.next, pending.current)}</span>
        </WarningNote>
      )}
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))} className="space-y-5">
        <TextField label={t.name} autoComplete="name" hint={t.nameHint} error={errors.name?.message} {...register('name')} />
        <TextField label={t.email} type="email" autoComplete="email" inputMode="email" required error={errors.email?.message} {...register('email')} />
        {emailChanging && (
          <PasswordField
            required
            label={t.currentPassword}
            hint={t.currentPasswordHint}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            visible={showPassword}
            onVisibleChange={setShowPassword}
            toggleLabel={t.showPassword}
            {...register('currentPassword')}
          />
        )}
        <SubmitButton busy={busy} busyLabel={t.submitting}>
          {t.submit}
        </SubmitButton>
      </form>
    </SectionCard>
  );
}

/**
 * Changes the password and revokes the other sessions, then signs out here too (server and every
 * tab) and goes to /login, which shows 'Mot de passe modifié avec succès'.
 */
function PasswordSection() {
  const t = messages.accountSettings.password;
  const endSession = useEndSession();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const change = useChangePassword({ onChanged: () => endSession({ notice: 'passwordChanged' }) });
  const busy = change.isPending;

  return (
    <SectionCard title={t.heading} description={t.description}>
      <WarningNote className="mb-6">{t.warning}</WarningNote>
      {change.isError && <ErrorAlert className="mb-6">{change.error.message}</ErrorAlert>}
      <form noValidate onSubmit={handleSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))} className="space-y-5">
        <TextField required label={t.current} type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...register('currentPassword')} />
        <TextField required label={t.next} type="password" autoComplete="new-password" hint={t.nextHint} error={errors.newPassword?.message} {...register('newPassword')} />
        <TextField required label={t.confirm} type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <SubmitButton busy={busy} busyLabel={t.submitting}>
          {t.submit}
        </SubmitButton>
      </form>
    </SectionCard>
  );
}

/**
 * The store's subscription, as re-read from Shopify when the app opened (the app shell's
 * shopify-sync-plan; a failure changes nothing shown). Only subscription_status 'active' counts as
 * subscribed; a failed lookup reads as "no subscription". With a store, its plan and this period's
 * usage (plans-current).
 */
function SubscriptionSection() {
  const t = messages.accountSettings.subscription;
  const { data: store, isPending } = useCurrentStore();
  const { data: plan } = useCurrentPlan({ enabled: !!store });

  if (isPending) {
    return (
      <SectionCard title={t.heading} description={t.description}>
        <Spinner label={t.loading} className="justify-start" />
      </SectionCard>
    );
  }

  const active = store?.subscription_status === 'active';
  const storeLabel = store ? store.shop_name || store.shop_domain : t.noStore;
  const hasPlan = !!store && !!plan && plan.plan !== 'none';

  return (
    <SectionCard title={t.heading} description={t.description}>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-600">{t.status}</dt>
          <dd className="mt-1">
            <span
              className={
                active
                  ? 'inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-medium text-green-800'
                  : 'inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700'
              }
            >
              {active ? t.active : t.none}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t.store}</dt>
          <dd className="mt-1 text-sm font-medium text-slate-900">{storeLabel}</dd>
        </div>
        {hasPlan && (
          <div>
            <dt className="text-sm text-slate-600">{messages.plans.account.plan}</dt>
            <dd className="mt-1 text-sm font-medium text-slate-900">{plan.plan_name}</dd>
          </div>
        )}
        {hasPlan && (
          <div>
            <dt className="text-sm text-slate-600">{messages.plans.account.sendingPeriod}</dt>
            <dd className="mt-1 text-sm font-medium text-slate-900">
              {messages.plans.account.sendingPeriodValue(formatDate(plan.period_start, { timeZone: 'UTC' }), formatDate(plan.period_end, { timeZone: 'UTC' }))}
            </dd>
          </div>
        )}
        {hasPlan && plan.billing_period_end && (
          <div>
            <dt className="text-sm text-slate-600">{messages.plans.account.billingPeriod}</dt>
            <dd className="mt-1 text-sm font-medium text-slate-900">{messages.plans.account.billingPeriodValue(formatDate(plan.billing_period_end, { timeZone: 'UTC' }))}</dd>
          </div>
        )}
      </dl>
      {hasPlan && <QuotaBar className="mt-6" used={plan.usage.emails_sent} quota={plan.emails_quota} label={messages.plans.account.usage} />}
      {active ? (
        <Link to="/app/plans" className={buttonClass('secondary', 'md', 'mt-6')}>
          {t.changePlan}
        </Link>
      ) : (
        <>
          <p className="mt-6 text-sm text-slate-600">{t.noneBody}</p>
          {/* /subscription explains why (pending, declined…) and offers the plans: /app/plans needs an active plan. */}
          <Link to="/subscription" className={buttonClass('primary', 'md', 'mt-4')}>
            {t.choosePlan}
          </Link>
        </>
      )}
    </SectionCard>
  );
}
