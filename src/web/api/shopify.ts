/**
 * The merchant's Shopify connection, through its contracts (src/core/api/shopify.ts): installation
 * links (plan selection, claim), the connection diagnostic and its fixes, the developer test link,
 * and disconnecting the store. Errors are told apart by `error.code`, never by their text.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  claimInstallation as claimEndpoint,
  connectShop,
  createTestInstallation,
  diagnostic,
  fixWebhookUrls,
  getInstallation,
  registerWebhooks,
  selectInstallationPlan as selectPlanEndpoint,
  shopifyAuth,
  type CheckStatus,
  type DiagnosticChecks,
  type DiagnosticResult,
  type FixWebhookUrlsResult,
  type Installation,
  type RegisterWebhooksResult,
  type SelectedPlan,
  type TestInstallation,
  type WebhookEvent,
} from '#core/api/shopify';
import { disconnectStore, type DISCONNECT_CHOICES, type DisconnectOutcome } from '#core/api/stores';
import { messages } from '../i18n';
import { ApiError } from '../lib/api';
import { call } from './client';
import { queryKeys } from './keys';

export type { CheckStatus, DiagnosticChecks, DiagnosticResult, FixWebhookUrlsResult, Installation, RegisterWebhooksResult, SelectedPlan, TestInstallation, WebhookEvent };

/** The backend function the browser navigates to (full page load) to start Shopify's OAuth. */
export const shopifyAuthPath = shopifyAuth.path;

// ---- Installation links -------------------------------------------------------------------------

/** Codes meaning "this installation link can no longer be used" (unknown, used, expired). */
const LINK_CODES: readonly string[] = ['installation_not_found', 'installation_used', 'installation_expired', 'installation_claim_refused'];

/** True when the server refused the installation link itself (its message says why). */
export function isInstallationLinkError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.code !== null && LINK_CODES.includes(error.code);
}

/**
 * An installation link: 404 when unknown, 410 when used or expired (the server's message says
 * which). Not fetched without a token. Never retried on 4xx (the query client's default).
 */
export function useInstallation(token: string | null) {
  return useQuery({
    queryKey: queryKeys.shopifyInstallation(token ?? ''),
    queryFn: ({ signal }) => call(getInstallation, { params: { token: token ?? '' }, signal }),
    enabled: !!token,
    staleTime: 0,
  });
}

/** Stores the chosen plan on the installation link (plan selection screen). */
export function selectInstallationPlan(token: string, planId: string) {
  return call(selectPlanEndpoint, { params: { token }, body: { plan_id: planId } });
}

/**
 * Claims the installation link for the signed-in merchant; resolves to the URL the browser must
 * load next (the backend shopify-auth function with shop and state).
 */
export async function claimInstallation(token: string, planId: string | null): Promise<string> {
  const data = await call(claimEndpoint, { params: { token }, body: planId ? { plan_id: planId } : {} });
  const url = data?.redirect_url;
  // Only a same-site path: the server always answers one; anything else is a failure.
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) {
    throw new ApiError(500, messages.shopifyFlow.claimFailed);
  }
  return url;
}

/** The claim failed because no plan was chosen (the screen offers to choose one). */
export const isNoPlanError = (error: unknown) => error instanceof ApiError && error.code === 'no_plan_selected';

/**
 * What to show when claiming fails (docs/product/errors.md: any claim-stage failure reads 'Impossible de
 * terminer l'installation. Veuillez réessayer.'). The server's own explanation is kept when it
 * tells the merchant what to do: the link is no longer usable, no plan was chosen, or another
 * store is already connected.
 */
export function claimErrorMessage(error: unknown): string {
  if (isInstallationLinkError(error)) return error.message;
  if (error instanceof ApiError && (error.code === 'no_plan_selected' || error.code === 'store_already_connected')) return error.message;
  return messages.shopifyFlow.claimFailed;
}

/** Builds `{path}?token&shop[&plan_id]` for the install screens. */
export function installFlowUrl(path: string, params: { token: string; shop: string; planId?: string | null }): string {
  const search = new URLSearchParams({ token: params.token, shop: params.shop });
  if (params.planId) search.set('plan_id', params.planId);
  return `${path}?${search}`;
}

/** Developer tool: an installation link for a test shop. */
export function useCreateTestInstallation() {
  return useMutation({ mutationFn: (shop: string) => call(createTestInstallation, { body: { shop } }) });
}

// ---- The connected store ------------------------------------------------------------------------

/**
 * Reconnects the store the account last had: asks the OAuth start bound to this browser, then goes to
 * Shopify, which asks the merchant to approve the app's access and comes back to the app.
 */
export function useReconnectStore(options: { onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationFn: (shop: string) => call(connectShop, { body: { shop } }),
    onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
    onError: options.onError,
  });
}

/** What disconnecting does on Shopify: 'keep' only unlinks here, 'remove' also cancels and uninstalls there. */
export type DisconnectChoice = (typeof DISCONNECT_CHOICES)[number];
/** What Shopify did: the choice, each step's result, and why a step failed. */
export type ShopifyRemoval = DisconnectOutcome['shopify'];

/**
 * Disconnects the active store (and, with 'remove', cancels its Shopify subscription and uninstalls
 * the app), hands over what Shopify did, then re-reads the store (every screen that shows it follows).
 */
export function useDisconnectStore(options: { onSuccess?: (outcome: ShopifyRemoval) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: DisconnectChoice) => call(disconnectStore, { body: { shopify: choice } }),
    onSuccess: async (answer) => {
      // The outcome first: it stays on the page once the store is gone.
      options.onSuccess?.(answer.shopify);
      await queryClient.invalidateQueries({ queryKey: queryKeys.currentStore });
    },
    onError: options.onError,
  });
}

// ---- Diagnostic -------------------------------------------------------------------------------------

/**
 * GET /api/shopify/diagnostic, one cache entry for the page and the calendar's panel. A diagnostic
 * is always run afresh: on opening, never served from the cache.
 */
export function useDiagnostic({ retry }: { retry?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.shopifyDiagnostic,
    queryFn: ({ signal }) => call(diagnostic, { signal }),
    staleTime: 0,
    gcTime: 0,
    ...(retry === false ? { retry: false } : {}),
  });
}

interface FixCallbacks<T> {
  onSuccess: (data: T) => void;
  onError: (error: Error) => void;
}

/** POST /functions/v1/shopify-register-webhooks for the diagnosed store. */
export function useRegisterWebhooks(callbacks: FixCallbacks<RegisterWebhooksResult>) {
  return useMutation({
    mutationFn: (shopId: string) => call(registerWebhooks, { body: { shop_id: shopId } }),
    ...callbacks,
  });
}

/** POST /functions/v1/fix-webhook-urls for the diagnosed store. */
export function useFixWebhookUrls(callbacks: FixCallbacks<FixWebhookUrlsResult>) {
  return useMutation({
    mutationFn: (shopId: string) => call(fixWebhookUrls, { body: { shop_id: shopId } }),
    ...callbacks,
  });
}
