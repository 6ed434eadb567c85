/** What a Shopify failure means for the plan functions (plans-change, plans-set, shopify-sync-plan). */
import { ShopifyRequestError } from '../shopify/facade';
import { StoreTokenError } from '../shopify/store-tokens';

/**
 * Whether Shopify refused the store's token for good: none stored, refused (401/403), or a refresh
 * token Shopify no longer honours (OAuth's invalid_grant). The merchant must reconnect the store
 * (shopify_token_invalid); anything else may pass with a retry.
 */
export function isDeadToken(error: unknown): boolean {
  if (error instanceof StoreTokenError) return true;
  return error instanceof ShopifyRequestError && (error.status === 401 || error.status === 403 || error.code === 'invalid_grant');
}
