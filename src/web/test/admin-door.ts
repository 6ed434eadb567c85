import { vi } from 'vitest';

/**
 * The document the admin door serves (decision 053): the app's API key in a meta, and App Bridge's
 * `window.shopify` with spies for its toast and save bar. `leave()` takes both away.
 */
export function servedInsideShopifyAdmin() {
  const meta = document.createElement('meta');
  meta.name = 'shopify-api-key';
  meta.content = 'client-id';
  document.head.append(meta);
  const bridge = { toast: { show: vi.fn() }, saveBar: { show: vi.fn(() => Promise.resolve()), hide: vi.fn(() => Promise.resolve()) } };
  window.shopify = bridge;
  return {
    bridge,
    leave: () => {
      meta.remove();
      delete window.shopify;
    },
  };
}
