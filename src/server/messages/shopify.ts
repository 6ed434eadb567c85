/** French messages of this area's error codes (and its other server-written sentences). */
import type { SHOPIFY_ERRORS } from '../../core/api/shopify';
import type { MessagesOf } from './types';

export const shopifyErrorMessages: MessagesOf<typeof SHOPIFY_ERRORS> = {};
