/**
 * Every client-side route of the product (docs/product/screens.md). The web router and the server share
 * this list: the server answers unknown paths with the app's 404 screen and a real 404 status.
 * /review/{token} is not here: the server renders that page itself (src/server/reviews/page.ts).
 */
export const publicRoutes = [
  '/',
  '/login',
  '/signup',
  '/reset-password',
  '/unsubscribe/:token',
  '/confirm-recipient/:token',
  '/confirm-email/:token',
  '/privacy-policy',
  '/terms-of-service',
  '/legal-notice',
  '/subscription',
  '/shopify/entry',
  '/shopify/install',
  '/shopify/plan-selection',
  '/shopify/onboarding',
  '/shopify/test-onboarding',
  '/dev/outbox',
  '/dev/outbox/:id',
] as const;

export const appRoutes = [
  '/app',
  '/app/dashboard',
  '/app/feedback',
  '/app/storefront',
  '/app/schedule',
  '/app/conditional',
  '/app/flow',
  '/app/upsell',
  '/app/branding',
  '/app/email-templates',
  '/app/integrations',
  '/app/account-settings',
  '/app/settings',
  '/app/shopify-diagnostic',
  '/app/subscription-plans',
  '/app/plans',
] as const;

export const allRoutes: readonly string[] = [...publicRoutes, ...appRoutes];

/** True when `pathname` matches one of the routes above (`:param` matches one non-empty segment). */
export function isKnownRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const segments = path.split('/');
  return allRoutes.some((route) => {
    const parts = route.split('/');
    if (parts.length !== segments.length) return false;
    return parts.every((part, i) => {
      const segment = segments[i] ?? '';
      return part.startsWith(':') ? segment.length > 0 : part === segment;
    });
  });
}
