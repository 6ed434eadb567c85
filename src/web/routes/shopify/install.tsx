import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PublicLayout } from '#web/components/layout/PublicLayout';
import { CloseWindowActions } from '#web/components/shopify/CloseWindowActions';
import { InstallErrorScreen } from '#web/components/shopify/InstallErrorScreen';
import { Spinner } from '#web/components/ui/Spinner';
import { buttonClass } from '#web/components/ui/button';
import { messages } from '#web/i18n';
import { useSession } from '#web/lib/session';
import { claimErrorMessage, claimInstallation, installFlowUrl, isInstallationLinkError, isNoPlanError } from '#web/api/shopify';

type InstallCode = keyof typeof messages.shopifyInstall.codes;

/** docs/product/errors.md, 'Install screen codes': a known code's text, else the generic one. */
function installCodeMessage(code: string): string {
  const codes = messages.shopifyInstall.codes;
  return Object.prototype.hasOwnProperty.call(codes, code) ? codes[code as InstallCode] : codes.other;
}

/** A failed claim, in this screen's words: unusable link, no plan, or the claim-stage message. */
function claimFailureMessage(error: unknown): string {
  if (isInstallationLinkError(error)) return messages.shopifyInstall.invalidToken;
  return claimErrorMessage(error);
}

/**
 * /shopify/install?token&shop&plan_id&error: the install completion screen. An `error` code shows its
 * text; without token or shop the link is incomplete. A signed-out visitor goes on to
 * /shopify/onboarding; a signed-in merchant's link is claimed at once and the browser goes on to
 * Shopify's authorisation.
 */
export default function ShopifyInstallScreen() {
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');
  const token = searchParams.get('token');
  const shop = searchParams.get('shop');
  const planId = searchParams.get('plan_id');

  if (error) return <InstallErrorScreen message={installCodeMessage(error)} />;
  if (!token || !shop) return <InstallErrorScreen message={messages.shopifyFlow.missingParams} />;
  return <CompleteInstall token={token} shop={shop} planId={planId} />;
}

function CompleteInstall({ token, shop, planId }: { token: string; shop: string; planId: string | null }) {
  const t = messages.shopifyInstall;
  const { data: session, isPending } = useSession();

  if (isPending) {
    return (
      <PublicLayout title={t.title} width="md">
        <Spinner label={messages.shopifyFlow.checking} className="justify-start" />
      </PublicLayout>
    );
  }
  // Signed out (or the session cannot be read): the onboarding screen signs the merchant in.
  if (!session) return <Navigate to={installFlowUrl('/shopify/onboarding', { token, shop, planId })} replace />;
  return <ClaimInstall token={token} shop={shop} planId={planId} />;
}

function ClaimInstall({ token, shop, planId }: { token: string; shop: string; planId: string | null }) {
  const t = messages.shopifyInstall;
  const started = useRef(false);
  const claim = useMutation({
    mutationFn: () => claimInstallation(token, planId),
    onSuccess: (url) => window.location.assign(url),
  });
  const { mutate } = claim;

  useEffect(() => {
    // Once only (React's development double effects would claim twice).
    if (started.current) return;
    started.current = true;
    mutate();
  }, [mutate]);

  if (claim.isError) {
    const message = claimFailureMessage(claim.error);
    return (
      <InstallErrorScreen message={message}>
        {isNoPlanError(claim.error) && (
          <Link to={installFlowUrl('/shopify/plan-selection', { token, shop })} className={buttonClass('secondary', 'md', 'mt-4')}>
            {messages.shopifyFlow.choosePlan}
          </Link>
        )}
      </InstallErrorScreen>
    );
  }

  return (
    <PublicLayout title={t.title} width="md">
      <Spinner label={claim.isSuccess ? messages.shopifyFlow.redirecting : t.finishing} className="justify-start" />
      <CloseWindowActions className="mt-6" />
    </PublicLayout>
  );
}
