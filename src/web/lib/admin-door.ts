/**
 * The app inside the Shopify admin (decision 053). The server's embedded document carries
 * `<meta name="shopify-api-key">` and loads App Bridge first (Shopify's, or the local Shopify's stand-in):
 * App Bridge adds the session token to the app's own requests and retries one refused for an expired
 * token, so the API client needs nothing of its own. What the web does differently there: the admin's
 * navigation, title bar and toasts stand in for the app's own sidebar and header.
 */

import { createContext, useContext } from 'react';

/** App Bridge's surface the web uses (a subset of Shopify's `window.shopify`). */
export interface AppBridge {
  toast: { show(message: string, options?: { isError?: boolean }): void };
  saveBar: { show(id: string): Promise<void>; hide(id: string): Promise<void> };
}

declare global {
  interface Window {
    shopify?: AppBridge;
  }
}

/** True in the document the admin door served: it names the app's API key for App Bridge. */
export function insideShopifyAdmin(): boolean {
  return typeof document !== 'undefined' && document.querySelector('meta[name="shopify-api-key"]') !== null;
}

/**
 * Whether the page is the admin door's, as its first render must know it: the server drawing an admin
 * load (server-render.tsx) has no document to look in, and the browser hydrating that page must draw
 * the same layout. Unset (`null`), the document says it.
 */
const AdminDoorContext = createContext<boolean | null>(null);
export const AdminDoorProvider = AdminDoorContext.Provider;

/** True when the screens are drawn inside the Shopify admin (the layout's choice). */
export function useInsideShopifyAdmin(): boolean {
  return useContext(AdminDoorContext) ?? insideShopifyAdmin();
}

/**
 * The path an App Bridge navigation asks for: the admin's menu link (the event's target, as App Bridge
 * dispatches it) or its `detail.href`; only the app's own pages.
 */
export function navigationTarget(event: Event): string | null {
  const target = event.target as { getAttribute?: (name: string) => string | null } | null;
  const href = target?.getAttribute?.('href') ?? (event as CustomEvent<{ href?: string } | undefined>).detail?.href ?? null;
  return typeof href === 'string' && href.startsWith('/app/') && !href.startsWith('//') ? href : null;
}

/**
 * Goes to a page of Shopify's (a plan's approval): inside the admin, the admin's whole window (App
 * Bridge opens `_top`: Shopify's pages refuse to be framed); this window otherwise.
 */
export function goToShopify(url: string): void {
  if (insideShopifyAdmin()) window.open(url, '_top');
  else window.location.assign(url);
}

/** App Bridge, inside the admin once it has loaded; null elsewhere. */
export function appBridge(): AppBridge | null {
  return insideShopifyAdmin() && typeof window !== 'undefined' ? (window.shopify ?? null) : null;
}

/**
 * Confirms a save: inside the admin with App Bridge's toast (the admin's own way), and answers true;
 * false elsewhere, where the screen shows its own notice.
 */
export function toastInAdmin(message: string): boolean {
  const bridge = appBridge();
  if (!bridge) return false;
  bridge.toast.show(message);
  return true;
}
