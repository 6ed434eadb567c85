/** French messages of this area's error codes (and its other server-written sentences). */
import type { AUTH_ERRORS } from '../../core/api/auth';
import type { MessagesOf } from './types';

export const authErrorMessages: MessagesOf<typeof AUTH_ERRORS> = {};
