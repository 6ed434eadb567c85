import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fetchSession, signIn, signUp, useSignOut, type SignInBody, type SignUpBody } from '#web/api/auth';
import { usePlans } from '#web/api/plans';
import { claimErrorMessage, claimInstallation, installFlowUrl, useInstallation, type Installation } from '#web/api/shopify';
import { SignInForm } from '#web/components/auth/SignInForm';
import { SignUpForm } from '#web/components/auth/SignUpForm';
import { PublicLayout } from '#web/components/layout/PublicLayout';
import { InstallErrorScreen } from '#web/components/shopify/InstallErrorScreen';
import { ErrorAlert, WarningNote } from '#web/components/ui/Alert';
import { buttonClass } from '#web/components/ui/button';
import { Spinner } from '#web/components/ui/Spinner';
import { textLinkClass } from '#web/components/ui/TextField';
import { messages } from '#web/i18n';
import { ApiError, isClientError } from '#web/lib/api';
import { postAuthEvent } from '#web/lib/auth-channel';
import { cx } from '#web/lib/cx';
import { formatPrice } from '#web/lib/format';
import { currentStoreQueryKey, sessionQueryKey, useSession } from '#web/lib/session';

const t = messages.shopifyOnboarding;

type Mode = 'signup' | 'signin';

type FinishInput = { kind: 'signup'; body: SignUpBody } | { kind: 'signin'; body: SignInBody } | { kind: 'continue' };

/**
 * A failure of one stage of "sign up or in, then claim the link": its message is what is shown;
 * `cause` is the server's error, when there was one.
 */
class StageError extends Error {
  readonly stage: 'auth' | 'claim';

  constructor(message: string, stage: 'auth' | 'claim', cause?: unknown) {
    super(message, { cause });
    this.name = 'StageError';
    this.stage = stage;
  }
}

/**
 * /shopify/onboarding?token&shop&plan_id: the last install step. The installation link is checked
 * ('Vérification en cours...'); then the merchant creates an account or signs in (or, already signed
 * in, continues with that account), the link is claimed with the chosen plan, and the browser goes
 * to the URL the server returns (Shopify's authorisation, then billing approval).
 */
export default function ShopifyOnboardingScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  if (!token) return <InstallErrorScreen message={messages.shopifyFlow.missingParams} />;
  return <Onboarding token={token} planIdParam={searchParams.get('plan_id')} />;
}

function Onboarding({ token, planIdParam }: { token: string; planIdParam: string | null }) {
  const installation = useInstallation(token);
  const session = useSession();

  if (installation.isPending || session.isPending) {
    return (
      <PublicLayout title={t.title} width="sm">
        <Spinner label={t.checking} className="py-8" />
      </PublicLayout>
    );
  }
  if (installation.isError) {
    const { error } = installation;
    // 404/410: the server says why the link is unusable; anything else is a generic failure.
    return <InstallErrorScreen message={isClientError(error) ? error.message : messages.shopifyFlow.genericError} />;
  }
  return <OnboardingForm token={token} installation={installation.data} planIdParam={planIdParam} />;
}

/** The plan to activate: `plan_id` of the URL when given, else the one stored on the link. */
function useChosenPlan(installation: Installation, planIdParam: string | null) {
  const plans = usePlans();
  const selected = installation.selected_plan;
  const id = planIdParam ?? selected?.id ?? null;
  if (!id) return { id: null, name: undefined, price: undefined, unknown: true };
  const plan = selected?.id === id ? selected : plans.data?.find((candidate) => candidate.id === id);
  const price = plan ? (formatPrice(plan.price_amount, plan.price_currency) ?? undefined) : undefined;
  // An id that matches no plan (once they are known) cannot be activated.
  return { id, name: plan?.name, price, unknown: !plan && !plans.isPending };
}

function OnboardingForm({ token, installation, planIdParam }: { token: string; installation: Installation; planIdParam: string | null }) {
  const shop = installation.shop_domain;
  const plan = useChosenPlan(installation, planIdParam);
  const planSelectionUrl = installFlowUrl('/shopify/plan-selection', { token, shop });

  return (
    <PublicLayout title={t.welcome(shop)} subtitle={t.intro} width="sm">
      {plan.unknown ? (
        <WarningNote>
          <p>{messages.shopifyFlow.noPlan}</p>
          <Link to={planSelectionUrl} className={cx(textLinkClass, 'mt-2 inline-block')}>
            {messages.shopifyFlow.choosePlan}
          </Link>
        </WarningNote>
      ) : (
        <>
          <div className="mb-6 flex items-center justify-between gap-4 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3">
            <dl>
              <dt className="text-xs font-medium text-slate-700">{t.selectedPlan}</dt>
              <dd className="text-sm font-semibold text-slate-900">
                {plan.name ?? '…'}
                {plan.price && (
                  <span className="font-normal text-slate-700">
                    {' · '}
                    {plan.price}
                    {messages.common.plans.perMonth}
                  </span>
                )}
              </dd>
            </dl>
            <Link to={planSelectionUrl} className={cx(textLinkClass, 'shrink-0 text-sm')}>
              {t.changePlan}
            </Link>
          </div>
          <FinishInstall token={token} planId={plan.id} />
        </>
      )}
      <p className="mt-6 text-center text-xs text-slate-600">{t.billingNote}</p>
    </PublicLayout>
  );
}

/** Account step then claim: the mutation lives here so its error survives the sign-in. */
function FinishInstall({ token, planId }: { token: string; planId: string | null }) {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const [mode, setMode] = useState<Mode>('signup');
  /** The e-mail typed so far: kept when switching between the two forms. */
  const [emailDraft, setEmailDraft] = useState('');

  const finish = useMutation({
    mutationFn: async (input: FinishInput): Promise<string> => {
      if (input.kind === 'signup') {
        try {
          await signUp(input.body);
        } catch (error) {
          if (error instanceof ApiError && error.code === 'user_already_exists') throw new StageError(t.alreadyRegistered, 'auth', error);
          throw new StageError(error instanceof ApiError ? error.message : t.signupFailed, 'auth', error);
        }
        if (!(await fetchSession().catch(() => null))) throw new StageError(t.sessionAfterSignup, 'auth');
      } else if (input.kind === 'signin') {
        try {
          await signIn(input.body);
        } catch (error) {
          throw new StageError(error instanceof ApiError ? error.message : messages.shopifyFlow.genericError, 'auth', error);
        }
        if (!(await fetchSession().catch(() => null))) throw new StageError(t.sessionAfterSignin, 'auth');
      }
      try {
        return await claimInstallation(token, planId);
      } catch (error) {
        throw new StageError(claimErrorMessage(error), 'claim', error);
      }
    },
    onSuccess: (url, input) => {
      if (input.kind !== 'continue') postAuthEvent({ type: 'signed-in' });
      window.location.assign(url);
    },
    onError: async (error, input) => {
      // Signed in, but the claim failed: show the "continue" view so a retry needs no password.
      if (error instanceof StageError && error.stage === 'claim' && input.kind !== 'continue') {
        postAuthEvent({ type: 'signed-in' });
        await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    },
  });
  // Stays busy after success: the browser is leaving for Shopify.
  const busy = finish.isPending || finish.isSuccess;

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    finish.reset();
    setMode(next);
  };

  const signOut = useSignOut({
    onSignedOut: () => {
      finish.reset();
      postAuthEvent({ type: 'signed-out' });
      queryClient.removeQueries({ queryKey: currentStoreQueryKey });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });

  const errorBox = finish.isError ? (
    <ErrorAlert className="mb-6">
      <span>{finish.error.message}</span>
    </ErrorAlert>
  ) : null;

  // The account already has a store: the same claim would be refused again (one store per account).
  const oneStoreRefused = finish.isError && finish.error instanceof StageError && finish.error.cause instanceof ApiError && finish.error.cause.code === 'store_already_connected';

  if (session) {
    const email = session.user.email;
    return (
      <div>
        {errorBox}
        {signOut.isError && <ErrorAlert className="mb-6">{messages.layout.account.signOutError}</ErrorAlert>}
        <p className="text-sm text-slate-700">{t.signedInAs(email)}</p>
        {oneStoreRefused ? (
          <>
            <p className="mt-4 text-sm text-slate-700">{t.oneStore.body}</p>
            <Link to="/app/integrations" className={buttonClass('primary', 'md', 'mt-4 w-full')}>
              {t.oneStore.manage}
            </Link>
          </>
        ) : (
          <button
            type="button"
            disabled={busy || signOut.isPending}
            aria-busy={busy || undefined}
            onClick={() => finish.mutate({ kind: 'continue' })}
            className={buttonClass('primary', 'md', 'mt-4 w-full')}
          >
            {busy ? t.submitting : t.continueAs(email)}
          </button>
        )}
        <button type="button" disabled={busy || signOut.isPending} onClick={() => signOut.mutate()} className={buttonClass('ghost', 'md', 'mt-2 w-full')}>
          {signOut.isPending ? t.signingOut : t.useOtherAccount}
        </button>
      </div>
    );
  }

  const keepEmail = { defaultEmail: emailDraft, onEmailChange: setEmailDraft };
  return (
    <div>
      <div role="group" aria-label={t.modesLabel} className="mb-6 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
        {(['signup', 'signin'] as const).map((key) => (
          <button
            key={key}
            type="button"
            aria-pressed={mode === key}
            disabled={busy}
            onClick={() => switchMode(key)}
            className={cx(
              'rounded-lg px-3 py-2 text-sm font-semibold transition-colors',
              mode === key ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
            )}
          >
            {t.modes[key]}
          </button>
        ))}
      </div>
      {errorBox}
      {mode === 'signup' ? (
        <SignUpForm
          key="signup"
          variant="shop"
          busy={busy}
          submitLabel={t.submit.signup}
          busyLabel={t.submitting}
          onSubmit={(body) => finish.mutate({ kind: 'signup', body })}
          {...keepEmail}
        />
      ) : (
        <SignInForm
          key="signin"
          busy={busy}
          submitLabel={t.submit.signin}
          busyLabel={t.submitting}
          passwordToggle
          onSubmit={(body) => finish.mutate({ kind: 'signin', body })}
          {...keepEmail}
        />
      )}
    </div>
  );
}
