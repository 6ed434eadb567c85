/** French messages of this area's error codes (and its other server-written sentences). */
import type { REQUEST_ERRORS } from '../../core/api/review-requests';
import type { MessagesOf } from './types';

export const requestErrorMessages: MessagesOf<typeof REQUEST_ERRORS> = {};
