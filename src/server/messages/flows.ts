/** French messages of this area's error codes (and its other server-written sentences). */
import type { FLOW_ERRORS } from '../../core/api/flows';
import type { MessagesOf } from './types';

export const flowErrorMessages: MessagesOf<typeof FLOW_ERRORS> = {};
