import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireSession } from './components/auth/RequireSession';
import { RequireSubscription } from './components/auth/RequireSubscription';
import { RootFallback, RootShell } from './components/layout/RootShell';
import { NotFoundScreen } from './routes/not-found';
import { RouteErrorScreen } from './routes/route-error';
import type { ScreenDrawing, ScreenHandle } from './lib/drawing';
import { READABLE_WHILE_AWAY_ROUTE, SUBSCRIPTION_GATE_ROUTE } from './router-ids';

export { READABLE_WHILE_AWAY_ROUTE, SUBSCRIPTION_GATE_ROUTE } from './router-ids';

/**
 * A lazily loaded screen: its module's default export becomes the route component, and what it
 * declares for the server's drawing (`drawing`, lib/drawing.ts) the route's handle.
 */
function screen(load: () => Promise<{ default: ComponentType; drawing?: ScreenDrawing }>): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const module = await load();
      const handle: ScreenHandle = { drawing: module.drawing };
      return { Component: module.default, handle };
    },
  };
}

/**
 * Every route of src/core/routes.ts. The 404 screen and the auth gates are in the main bundle;
 * every screen (the landing page, the whole /app area, legal pages, dev tools) is split into lazy
 * chunks, so a merchant screen does not load the landing page (decision 027).
 * /app/* and /subscription sit behind RequireSession; most /app pages also behind RequireSubscription.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: RootFallback,
    children: [
      { index: true, ...screen(() => import('./routes/landing')) },
      { path: 'login', ...screen(() => import('./routes/login')) },
      { path: 'signup', ...screen(() => import('./routes/signup')) },
      { path: 'reset-password', ...screen(() => import('./routes/reset-password')) },
      { path: 'unsubscribe/:token', ...screen(() => import('./routes/unsubscribe')) },
      { path: 'confirm-recipient/:token', ...screen(() => import('./routes/confirm-recipient')) },
      { path: 'confirm-email/:token', ...screen(() => import('./routes/confirm-email')) },
      { path: 'email-changed', ...screen(() => import('./routes/email-changed')) },
      { path: 'privacy-policy', ...screen(() => import('./routes/privacy-policy')) },
      { path: 'terms-of-service', ...screen(() => import('./routes/terms-of-service')) },
      { path: 'legal-notice', ...screen(() => import('./routes/legal-notice')) },
      {
        path: 'subscription',
        Component: RequireSession,
        children: [{ index: true, ...screen(() => import('./routes/subscription')) }],
      },
      { path: 'shopify/entry', ...screen(() => import('./routes/shopify/entry')) },
      { path: 'shopify/install', ...screen(() => import('./routes/shopify/install')) },
      { path: 'shopify/plan-selection', ...screen(() => import('./routes/shopify/plan-selection')) },
      { path: 'shopify/onboarding', ...screen(() => import('./routes/shopify/onboarding')) },
      { path: 'shopify/test-onboarding', ...screen(() => import('./routes/shopify/test-onboarding')) },
      { path: 'dev/outbox', ...screen(() => import('./routes/dev/outbox')) },
      { path: 'dev/outbox/:id', ...screen(() => import('./routes/dev/outbox-detail')) },
      {
        // Every /app page needs a session; all but integrations and account settings also need a
        // connected store with an active subscription (docs/product/statuses.md).
        path: 'app',
        Component: RequireSession,
        children: [
          {
            ...screen(() => import('./components/layout/AppLayout')),
            children: [
              { index: true, element: <Navigate to="/app/dashboard" replace /> },
              { path: 'integrations', ...screen(() => import('./routes/app/integrations')) },
              { path: 'account-settings', ...screen(() => import('./routes/app/account-settings')) },
              // Outside the subscription gate: the sidebar offers it on every page, and without a
              // store it says so itself rather than sending the merchant elsewhere.
              { path: 'shopify-diagnostic', ...screen(() => import('./routes/app/shopify-diagnostic')) },
              {
                id: SUBSCRIPTION_GATE_ROUTE,
                Component: RequireSubscription,
                children: [
                  { path: 'dashboard', ...screen(() => import('./routes/app/dashboard')) },
                  { id: READABLE_WHILE_AWAY_ROUTE, path: 'feedback', ...screen(() => import('./routes/app/feedback')) },
                  { path: 'storefront', ...screen(() => import('./routes/app/storefront')) },
                  { path: 'schedule', ...screen(() => import('./routes/app/schedule')) },
                  { path: 'conditional', ...screen(() => import('./routes/app/conditional')) },
                  { path: 'flow', ...screen(() => import('./routes/app/flow')) },
                  { path: 'upsell', ...screen(() => import('./routes/app/upsell')) },
                  { path: 'branding', ...screen(() => import('./routes/app/branding')) },
                  { path: 'email-templates', ...screen(() => import('./routes/app/email-templates')) },
                  { path: 'settings', ...screen(() => import('./routes/app/settings')) },
                  { path: 'subscription-plans', ...screen(() => import('./routes/app/subscription-plans')) },
                  { path: 'plans', ...screen(() => import('./routes/app/plans')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', Component: NotFoundScreen },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
