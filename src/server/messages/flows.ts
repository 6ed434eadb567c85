/** French messages of the flows' error codes. (The input's own sentences are in core/flow-limits.ts, shared with the form.) */
import type { FLOW_ERRORS } from '#core/api/flows';
import type { MessagesOf } from './types';

export const flowErrorMessages: MessagesOf<typeof FLOW_ERRORS> = {
  flow_not_found: 'Flux introuvable',
};
