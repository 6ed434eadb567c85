/** French messages of this area's error codes. */
import type { REVIEW_ERRORS } from '../../core/api/reviews';
import type { MessagesOf } from './types';

export const reviewErrorMessages: MessagesOf<typeof REVIEW_ERRORS> = {
  invalid_cursor: 'Page introuvable : rechargez la liste des avis.',
};
