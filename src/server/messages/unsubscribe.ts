/** French messages of this area's error codes (and its other server-written sentences). */
import type { UNSUBSCRIBE_ERRORS } from '../../core/api/unsubscribe';
import type { MessagesOf } from './types';

export const unsubscribeErrorMessages: MessagesOf<typeof UNSUBSCRIBE_ERRORS> = {};
