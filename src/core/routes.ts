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
  '/email-changed',
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

/**
 * The screens the server draws on a full page load (decision 039): the dashboard, the reviews and the
 * send calendar, whose first render is the same on the server and in the browser. Not a screen with
 * forms: react-hook-form's fields take their values in the browser (refs and effects), so a drawn
 * form would show empty fields until the app took over. The server asks for a drawing only here, and
 * the renderer (src/web/server-render.tsx) draws nothing else.
 */
export const drawnRoutes = ['/app/dashboard', '/app/feedback', '/app/schedule'] as const satisfies readonly (typeof appRoutes)[number][];

/** True when `pathname` is one of `drawnRoutes` (trailing slashes allowed). */
export function isDrawnRoute(pathname: string): boolean {
  return (drawnRoutes as readonly string[]).includes(pathname.replace(/\/+$/, ''));
}

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
