/** French messages of the rating actions: no error of their own, and the spec's default feedback prompts. */
import type { RATING_ACTION_ERRORS } from '#core/api/rating-actions';
import type { MessagesOf } from './types';

export const ratingActionErrorMessages: MessagesOf<typeof RATING_ACTION_ERRORS> = {};

/** Shown above the comment box until the merchant writes their own (docs/product/limits.md). */
export const defaultFeedbackMessages = {
  3: 'Merci\u202f! Dites-nous ce que nous pourrions améliorer.',
  2: 'Nous sommes désolés. Que s’est-il passé\u202f? Votre message nous aidera à faire mieux.',
} as const;
