/** French messages of this area's error codes (and its other server-written sentences). */
import type { RATING_ACTION_ERRORS } from '../../core/api/rating-actions';
import type { MessagesOf } from './types';

export const ratingActionErrorMessages: MessagesOf<typeof RATING_ACTION_ERRORS> = {};
