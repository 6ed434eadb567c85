/** French messages of this area's error codes (and its other server-written sentences). */
import type { STORE_ERRORS } from '#core/api/stores';
import type { MessagesOf } from './types';

export const storeErrorMessages: MessagesOf<typeof STORE_ERRORS> = {};
