import { useQuery } from '@tanstack/react-query';
import { messages } from '../i18n';
import { ApiError, apiFetch } from './api';

/** The backend function the browser navigates to (full page load) to start Shopify's OAuth. */
export const shopifyAuthPath = '/functions/v1/shopify-auth';

/**
 * The shop domain as typed or sent by Shopify, normalised (spec section 2): trimmed, lower-cased,
 * without protocol nor trailing slash.
 */
export function normalizeShopDomain(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
}

/** Spec section 5: a shop domain must contain .myshopify.com. */
export function isShopifyDomain(shop: string): boolean {
  return shop.includes('.myshopify.com');
}

export type ShopCheck = { ok: true; shop: string } | { ok: false; error: 'missing' | 'invalid' };

/** Checks the `shop` query parameter of /shopify/entry. */
export function checkShopParam(raw: string | null): ShopCheck {
  const shop = normalizeShopDomain(raw ?? '');
  if (!shop) return { ok: false, error: 'missing' };
  if (!isShopifyDomain(shop)) return { ok: false, error: 'invalid' };
  return { ok: true, shop };
}

/** The plan chosen on an installation link, as GET /api/shopify/installations/{token} returns it. */
export interface SelectedPlan {
  id: string;
  code: string;
  name: string;
  price_amount: string;
  price_currency: string;
  email_quota: number | null;
}

export interface Installation {
  shop_domain: string;
  expires_at: string;
  selected_plan: SelectedPlan | null;
}

export const installationQueryKey = (token: string) => ['shopify', 'installation', token] as const;

function installationPath(token: string, suffix = ''): string {
  return `/api/shopify/installations/${encodeURIComponent(token)}${suffix}`;
}

/**
 * An installation link: 404 when unknown, 410 when used or expired (the server's message says
 * which). Not fetched without a token. Never retried on 4xx (the query client's default).
 */
export function useInstallation(token: string | null) {
  return useQuery({
    queryKey: installationQueryKey(token ?? ''),
    queryFn: () => apiFetch<Installation>(installationPath(token ?? '')),
    enabled: !!token,
    staleTime: 0,
  });
}

/** Stores the chosen plan on the installation link (plan selection screen). */
export function selectInstallationPlan(token: string, planId: string): Promise<unknown> {
  return apiFetch<unknown>(installationPath(token, '/plan'), { method: 'POST', body: { plan_id: planId } });
}

/**
 * Claims the installation link for the signed-in merchant; resolves to the URL the browser must
 * load next (the backend shopify-auth function with shop and state).
 */
export async function claimInstallation(token: string, planId: string | null): Promise<string> {
  const data = await apiFetch<{ redirect_url?: unknown } | null>(installationPath(token, '/claim'), {
    method: 'POST',
    body: planId ? { plan_id: planId } : {},
  });
  const url = data?.redirect_url;
  // Only a same-site path: the server always answers one; anything else is a failure.
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) {
    throw new ApiError(500, messages.shopifyFlow.claimFailed);
  }
  return url;
}

/** True for the installation API's English "this link is unusable" messages. */
export function isTokenErrorMessage(message: string): boolean {
  return messages.shopifyFlow.serverTokenErrors.includes(message);
}

/** `lang` for a message shown inside the French UI: the server's English ones are marked `en`. */
export function messageLang(message: string): 'en' | undefined {
  return isTokenErrorMessage(message) ? 'en' : undefined;
}

/**
 * What to show when claiming fails (spec section 8: any claim-stage failure reads 'Impossible de
 * terminer l'installation. Veuillez réessayer.'). The server's own explanation is kept when it
 * tells the merchant what to do: the link is no longer usable, no plan was chosen, or another
 * store is already connected.
 */
export function claimErrorMessage(error: unknown): string {
  const t = messages.shopifyFlow;
  if (!(error instanceof ApiError)) return t.claimFailed;
  if (isTokenErrorMessage(error.message)) return error.message;
  if (error.message === t.noPlan || error.message === t.storeAlreadyConnected) return error.message;
  return t.claimFailed;
}

/** Builds `{path}?token&shop[&plan_id]` for the install screens. */
export function installFlowUrl(path: string, params: { token: string; shop: string; planId?: string | null }): string {
  const search = new URLSearchParams({ token: params.token, shop: params.shop });
  if (params.planId) search.set('plan_id', params.planId);
  return `${path}?${search}`;
}
