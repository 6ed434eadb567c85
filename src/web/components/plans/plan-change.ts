/**
 * Changing plan, for /app/plans and the plan choice of /subscription (docs/product/statuses.md and docs/product/errors.md): plans-change
 * answers Shopify's confirmation page and the browser goes there; what a refusal says.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useChangePlan, type Plan } from '#web/api/plans';
import { messages } from '#web/i18n';
import { insideShopifyAdmin } from '#web/lib/admin-door';
import { isNoStore, isSessionExpired, serverMessage } from '#web/lib/api';

const t = messages.plans;

/** After 'Aucune boutique Shopify trouvée…', the integrations page (docs/product/limits.md: 2 s). */
export const NO_STORE_REDIRECT_MS = 2000;

/** plans-change answered without a page to go to. */
export class MissingConfirmationUrlError extends Error {
  constructor() {
    super(t.changeErrors.missingUrl);
    this.name = 'MissingConfirmationUrlError';
  }
}

/** A refusal as the screens show it: the spec's sentence, then the server's reason when it gave one. */
export interface Failure {
  text: string;
  detail?: string;
}

/** docs/product/errors.md: session expired, no store, no confirmation URL, else 'Erreur lors du changement de plan'. */
export function planChangeFailure(error: unknown): Failure {
  if (isSessionExpired(error)) return { text: t.sessionExpired };
  if (isNoStore(error)) return { text: t.noStore };
  if (error instanceof MissingConfirmationUrlError) return { text: t.changeErrors.missingUrl };
  const detail = serverMessage(error);
  return detail ? { text: t.changeErrors.failed, detail } : { text: t.changeErrors.failed };
}

/**
 * To Shopify's confirmation page. Inside the Shopify admin (decision 053) the app is in the admin's
 * iframe, and Shopify's pages refuse to be framed: the admin's own window goes there, through App
 * Bridge's `open(url, '_top')` (the iframe's sandbox allows no top navigation of its own).
 */
export function goToConfirmation(url: string): void {
  if (insideShopifyAdmin()) window.open(url, '_top');
  else window.location.assign(url);
}

/**
 * plans-change, then Shopify's confirmation page. Busy from the click until the browser has left, so
 * a second click cannot start a second subscription.
 */
export function usePlanChange() {
  const change = useChangePlan();
  const start = (plan: Plan) =>
    change.mutate(plan, {
      onSuccess: (url) => {
        if (url) goToConfirmation(url);
      },
    });
  const missingUrl = change.isSuccess && !change.data;
  const leaving = change.isPending || (change.isSuccess && !missingUrl);
  const error = missingUrl ? new MissingConfirmationUrlError() : change.error;
  return {
    start,
    busy: leaving,
    /** The plan whose button says 'Redirection vers Shopify…'. */
    chosenId: leaving ? change.variables?.id : undefined,
    error,
    failure: error ? planChangeFailure(error) : null,
  };
}

/** Without a store, the integrations page after 2 s (docs/product/errors.md 'Plans/account'). */
export function useNoStoreRedirect(active: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => void navigate('/app/integrations', { replace: true }), NO_STORE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [active, navigate]);
}
