/**
 * A valid request for every state-changing JSON endpoint (POST/PUT/PATCH/DELETE under /api and
 * /functions/v1, plus the review page's POST). The fuzzer mutates these bodies field by field, the
 * CSRF test replays them from a foreign origin, and the tenant-isolation table reads their id
 * fields. A new endpoint without an entry here fails `every JSON endpoint has a sample` in fuzz.
 */
import type { Endpoint } from './routes';
import type { Merchant, World } from './world';
import { PASSWORD, flowBody, identityBody, pageBody, ratingActionsBody, templateBody } from './world';

export interface SampleContext {
  w: World;
  /** The merchant whose session and data the request uses. */
  m: Merchant;
  /** An account without a store, for the session-changing /api/auth endpoints. */
  account: { email: string };
}

export interface Sample {
  /** Concrete path (parameters filled with the merchant's records). */
  path: string;
  /** A body the endpoint accepts. */
  body: Record<string, unknown>;
  /** False when the endpoint ignores its body (field mutations then mean nothing). */
  readsBody: boolean;
  /** Which browser sends it: the merchant's, the store-less account's, or a fresh one without cookies. */
  client: 'merchant' | 'account' | 'anonymous';
  /** The first valid call consumes or removes what the path names: run such routes last. */
  destructive?: boolean;
  /** Extra headers (the review page answers JSON only when asked). */
  headers?: Record<string, string>;
}

export const SAMPLES: Record<string, (x: SampleContext) => Sample> = {
  // --- /api/auth: bodies are JSON only (415 otherwise), parsed by zod before better-auth sees them.
  'POST /api/auth/forgot-password': () => ({ path: '/api/auth/forgot-password', body: { email: 'oubli@exemple.test' }, readsBody: true, client: 'anonymous' }),
  'POST /api/auth/sign-in/email': ({ account }) => ({
    path: '/api/auth/sign-in/email',
    body: { email: account.email, password: 'Pas-le-bon-mot-2025', rememberMe: true },
    readsBody: true,
    client: 'anonymous',
  }),
  'POST /api/auth/sign-up/email': () => ({
    path: '/api/auth/sign-up/email',
    body: { name: 'Camille', email: 'fuzz.inscription@exemple.test', password: PASSWORD, companyName: 'Maison Camille' },
    readsBody: true,
    client: 'anonymous',
  }),
  'POST /api/auth/reset-password': () => ({
    path: '/api/auth/reset-password',
    body: { newPassword: 'Nouveau-Mot-2025', token: 'jeton-de-reinitialisation-inconnu' },
    readsBody: true,
    client: 'anonymous',
  }),
  'POST /api/auth/change-password': () => ({ path: '/api/auth/change-password', body: { currentPassword: PASSWORD, newPassword: PASSWORD }, readsBody: true, client: 'account' }),
  'POST /api/auth/update-user': () => ({ path: '/api/auth/update-user', body: { name: 'Camille Martin', companyName: 'Maison Camille' }, readsBody: true, client: 'account' }),
  'POST /api/auth/change-email': ({ account }) => ({
    path: '/api/auth/change-email',
    body: { newEmail: `nouveau.${account.email}`, currentPassword: PASSWORD },
    readsBody: true,
    client: 'account',
  }),
  'POST /api/auth/sign-out': () => ({ path: '/api/auth/sign-out', body: {}, readsBody: true, client: 'account', destructive: true }),

  // --- /api
  'POST /api/stores/current/absence/:id/seen': ({ m }) => ({ path: `/api/stores/current/absence/${m.absenceId}/seen`, body: {}, readsBody: false, client: 'merchant' }),
  'POST /api/stores/current/disconnect': () => ({ path: '/api/stores/current/disconnect', body: { shopify: 'keep' }, readsBody: true, client: 'merchant', destructive: true }),
  'POST /api/shopify/installations/:token/plan': ({ w, m }) => ({
    path: `/api/shopify/installations/${m.openInstallationToken}/plan`,
    body: { plan_id: w.starterPlanId },
    readsBody: true,
    client: 'anonymous',
  }),
  'POST /api/shopify/installations/:token/claim': ({ w, m }) => ({
    path: `/api/shopify/installations/${m.claimedInstallationToken}/claim`,
    body: { plan_id: w.starterPlanId },
    readsBody: true,
    client: 'merchant',
  }),
  'POST /api/shopify/connect': ({ m }) => ({ path: '/api/shopify/connect', body: { shop: m.shop }, readsBody: true, client: 'merchant' }),
  'POST /api/shopify/test-installations': () => ({ path: '/api/shopify/test-installations', body: { shop: 'boutique-essai.myshopify.com' }, readsBody: true, client: 'anonymous' }),
  'POST /api/flows': ({ m }) => ({ path: '/api/flows', body: { ...flowBody, shopify_store_id: m.store.id }, readsBody: true, client: 'merchant' }),
  'PUT /api/flows/:id': ({ m }) => ({ path: `/api/flows/${m.flowId}`, body: { ...flowBody }, readsBody: true, client: 'merchant' }),
  'DELETE /api/flows/:id': ({ m }) => ({ path: `/api/flows/${m.flow2Id}`, body: {}, readsBody: false, client: 'merchant', destructive: true }),
  'POST /api/review-requests/share-link': () => ({ path: '/api/review-requests/share-link', body: {}, readsBody: false, client: 'merchant' }),
  // Re-sends an e-mail whose delivery was not confirmed; the due request is not one (409), which is fine here.
  'POST /api/review-requests/:id/resend': ({ m }) => ({ path: `/api/review-requests/${m.dueRequestId}/resend`, body: {}, readsBody: false, client: 'merchant' }),
  'DELETE /api/review-requests/:id': ({ m }) => ({ path: `/api/review-requests/${m.laterRequestId}`, body: {}, readsBody: false, client: 'merchant', destructive: true }),
  'POST /api/public/unsubscribe/:token': ({ m }) => ({ path: `/api/public/unsubscribe/${m.dueRequestToken}`, body: {}, readsBody: false, client: 'anonymous', destructive: true }),
  'PUT /api/rating-actions': () => ({ path: '/api/rating-actions', body: structuredClone(ratingActionsBody), readsBody: true, client: 'merchant' }),
  'PUT /api/branding/identity': () => ({ path: '/api/branding/identity', body: structuredClone(identityBody), readsBody: true, client: 'merchant' }),
  'PUT /api/branding/page': () => ({ path: '/api/branding/page', body: structuredClone(pageBody), readsBody: true, client: 'merchant' }),
  'POST /api/branding/preview': () => ({
    path: '/api/branding/preview',
    body: { identity: structuredClone(identityBody), page: structuredClone(pageBody), view: 'form' },
    readsBody: true,
    client: 'merchant',
  }),
  // Uploads: the body is a file judged by its content, whatever its content type (no fields to mutate).
  'POST /api/branding/logo': () => ({ path: '/api/branding/logo', body: {}, readsBody: false, client: 'merchant' }),
  'POST /api/email-templates/logo': () => ({ path: '/api/email-templates/logo', body: {}, readsBody: false, client: 'merchant' }),
  'PUT /api/email-templates/active': () => ({ path: '/api/email-templates/active', body: structuredClone(templateBody), readsBody: true, client: 'merchant' }),
  // Goes to the merchant's own address only (rate-limited: later fuzz cases get 429).
  'POST /api/email-templates/test': () => ({ path: '/api/email-templates/test', body: structuredClone(templateBody), readsBody: true, client: 'merchant' }),
  'PUT /api/settings/deliverability': () => ({ path: '/api/settings/deliverability', body: { from_address: 'avis@boutique-lumiere.fr' }, readsBody: true, client: 'merchant' }),
  'POST /api/settings/deliverability/verify': () => ({ path: '/api/settings/deliverability/verify', body: {}, readsBody: false, client: 'merchant' }),
  'POST /api/settings/deliverability/self-test': () => ({ path: '/api/settings/deliverability/self-test', body: {}, readsBody: false, client: 'merchant' }),
  'DELETE /api/settings/deliverability': () => ({ path: '/api/settings/deliverability', body: {}, readsBody: false, client: 'merchant', destructive: true }),
  // The settings' sample names this address; before it is saved (or once limited) 404 or 429, which is fine here.
  'POST /api/notification-recipients/resend': () => ({ path: '/api/notification-recipients/resend', body: { email: 'alertes@exemple.test' }, readsBody: true, client: 'merchant' }),
  // An unknown token: 404, nothing confirmed.
  'POST /api/public/recipients/:token': () => ({ path: '/api/public/recipients/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', body: {}, readsBody: false, client: 'anonymous' }),
  // Storefront moderation (decision 028): hiding reads its reason; showing again takes no body.
  'POST /api/reviews/:id/hide': ({ m }) => ({ path: `/api/reviews/${m.reviewId}/hide`, body: { reason: 'off_topic' }, readsBody: true, client: 'merchant' }),
  'POST /api/reviews/:id/show': ({ m }) => ({ path: `/api/reviews/${m.reviewId}/show`, body: {}, readsBody: false, client: 'merchant' }),
  // A review's photo (decision 058): the same reasons; showing again takes no body.
  'POST /api/reviews/:id/photos/:photoId/hide': ({ m }) => ({
    path: `/api/reviews/${m.reviewId}/photos/${m.photoId}/hide`,
    body: { reason: 'personal_data' },
    readsBody: true,
    client: 'merchant',
  }),
  'POST /api/reviews/:id/photos/:photoId/show': ({ m }) => ({ path: `/api/reviews/${m.reviewId}/photos/${m.photoId}/show`, body: {}, readsBody: false, client: 'merchant' }),
  // Whether the storefront shows reviews without a verified purchase (decision 044).
  'PUT /api/storefront/settings': () => ({ path: '/api/storefront/settings', body: { show_unverified_reviews: true }, readsBody: true, client: 'merchant' }),
  'PUT /api/settings': () => ({ path: '/api/settings', body: { owner_notification_email: 'alertes@exemple.test', daily_send_limit: 500 }, readsBody: true, client: 'merchant' }),
  'PUT /api/settings/customer-languages': () => ({
    path: '/api/settings/customer-languages',
    body: { default_language: 'fr', languages: ['fr', 'en', 'de'] },
    readsBody: true,
    client: 'merchant',
  }),

  // --- /functions/v1
  'POST /functions/v1/shopify-register-webhooks': ({ m }) => ({
    path: '/functions/v1/shopify-register-webhooks',
    body: { shop_id: m.store.id },
    readsBody: true,
    client: 'merchant',
  }),
  'POST /functions/v1/register-gdpr-webhooks': () => ({ path: '/functions/v1/register-gdpr-webhooks', body: {}, readsBody: false, client: 'merchant' }),
  'POST /functions/v1/fix-webhook-urls': ({ m }) => ({ path: '/functions/v1/fix-webhook-urls', body: { shop_id: m.store.id }, readsBody: true, client: 'merchant' }),
  'POST /functions/v1/plans-change': ({ w }) => ({ path: '/functions/v1/plans-change', body: { plan_id: w.starterPlanId }, readsBody: true, client: 'merchant' }),
  'POST /functions/v1/shopify-count-orders': ({ m }) => ({ path: '/functions/v1/shopify-count-orders', body: { shop_id: m.store.id }, readsBody: true, client: 'merchant' }),
  'POST /functions/v1/process-review-requests': ({ m }) => ({
    path: '/functions/v1/process-review-requests',
    body: { manual: true, requestIds: [m.dueRequestId] },
    readsBody: true,
    client: 'merchant',
  }),
  'POST /functions/v1/generate-review-requests': () => ({ path: '/functions/v1/generate-review-requests', body: {}, readsBody: false, client: 'merchant' }),
  'POST /functions/v1/shopify-import-history': ({ m }) => ({
    path: '/functions/v1/shopify-import-history',
    body: { shop_id: m.store.id, immediate: false, days_to_spread: 7, send_days: [1, 2, 3, 4, 5], send_hour: 10 },
    readsBody: true,
    client: 'merchant',
  }),
  'POST /functions/v1/send-email': ({ m }) => ({
    path: '/functions/v1/send-email',
    body: {
      shopifyStoreId: m.store.id,
      recipientEmail: 'cliente@exemple.test',
      recipientName: 'Léa Dubois',
      subject: 'Merci pour votre commande',
      html_content: '<p>Bonjour Léa,</p><p>Merci !</p>',
      text_content: 'Bonjour Léa, merci !',
    },
    readsBody: true,
    client: 'merchant',
  }),
  // After send-email on purpose: the merchant's shop has no subscription on the emulator, so plans-set
  // is refused (409) and the sync records the store's subscription as cancelled (what Shopify says).
  'POST /functions/v1/plans-set': () => ({ path: '/functions/v1/plans-set', body: { plan: 'starter' }, readsBody: true, client: 'merchant' }),
  'POST /functions/v1/shopify-sync-plan': () => ({ path: '/functions/v1/shopify-sync-plan', body: {}, readsBody: false, client: 'merchant' }),

  // --- the public review page: JSON from its script (Accept: application/json), or a plain form.
  'POST /review/:token': ({ m }) => ({
    path: `/review/${m.shareToken}`,
    body: { rating: 5, name: 'Léa Dubois', email: 'lea@exemple.test', comment: 'Très bien, merci.' },
    readsBody: true,
    client: 'anonymous',
    headers: { accept: 'application/json' },
  }),
};

/** The endpoints the fuzzer and the CSRF test must cover: every state-changing one under /api and /functions/v1, and the review POST. */
export function isJsonEndpoint(e: Endpoint): boolean {
  if (e.key === 'POST /review/:token') return true;
  return ['POST', 'PUT', 'PATCH', 'DELETE'].includes(e.method) && (e.path.startsWith('/api/') || e.path.startsWith('/functions/v1/'));
}
