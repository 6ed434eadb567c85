/** The « how we collect reviews » page in English (the French one, ./fr.ts, is the reference: same keys). */
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { MethodPageCatalogue } from './index';

export const en: MethodPageCatalogue = {
  lang: 'en',
  title: 'How we collect reviews',
  paragraphs: (shopName: string, unverifiedShown: boolean) => [
    `After an order, ${shopName} emails the customer to ask for a review. Nobody is picked based on what they might say.`,
    unverifiedShown
      ? `A review left through the personal link in that invitation, which is tied to an order, is labeled “Verified purchase”. The store can also share a review link open to anyone. Reviews left through that link aren’t tied to an order, so we can’t check that they come from buyers, and they’re labeled “Unverified purchase”. A shared link accepts at most ${SHARED_LINK_LIMITS.perHour} reviews an hour and ${SHARED_LINK_LIMITS.perDay} a day.`
      : 'Only reviews from verified purchases are shown here, labeled “Verified purchase”: each one was left through the personal link in that invitation, which is tied to an order. Reviews left through a review link the store shares aren’t tied to an order and aren’t shown here.',
    'No review is left out because of its rating: from 1 to 5 stars, they’re all published the same way.',
    'A review is hidden only for one of these reasons, given by the merchant and recorded: abusive or hateful content, personal data, off-topic content, or a review that doesn’t come from a customer. Hidden reviews are counted publicly below the average rating.',
    // Photos (decision 058) follow the same rule: content only, never the rating.
    'Photos added to reviews are moderated the same way, for their content only and never according to the rating: a photo is hidden only for one of these reasons, and hidden photos are counted publicly.',
  ],
};
