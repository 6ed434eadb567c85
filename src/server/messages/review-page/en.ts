/** The review page in English (the French catalogue, fr.ts, is the reference: same keys). */
import { countIn, longDateIn } from '#core/customer-format';
import { SHARED_LINK_LIMITS } from '#core/review-origin';
import type { ReviewPageCatalogue } from './index';

export const en: ReviewPageCatalogue = {
  /** The page's `lang`. */
  lang: 'en',
  /** A date in a sentence (“April 1, 2026” reads “around April 1, 2026”); `locale` is the request's. */
  date: (date: Date, locale: string, timeZone: string) => longDateIn(locale, date, timeZone),
  invalidLink: 'This link is invalid or has expired',
  storeNotFound: 'Store not found',
  loadError: 'Something went wrong while loading',
  submitError: 'Something went wrong while sending your review',
  alreadyUsed: 'You’ve already left a review with this link. Thank you!',
  ratingRequired: 'Please choose a rating',
  nameEmailRequired: 'Please enter your name and email',
  emailInvalid: 'Please enter a valid email address',
  nameTooLong: 'Your name can’t be longer than 120 characters',
  commentTooLong: 'Your comment can’t be longer than 5,000 characters',
  tooMany: 'Too many attempts. Please try again in a few minutes.',
  /** The shared link's limits (decision 044, SHARED_LINK_LIMITS): nothing was stored. */
  sharedLinkBusy: `This review link has received the maximum number of reviews (${SHARED_LINK_LIMITS.perHour} per hour, ${SHARED_LINK_LIMITS.perDay} per day). Your review wasn’t saved. Please try again later.`,
  defaultTitle: 'Your review matters to us',
  defaultDescription: (store: string) => `How was your order from ${store}?`,
  defaultThankYou: 'Thank you for your review!',
  defaultButton: 'NEXT',
  ratingLegend: 'Your rating',
  stars: (n: number) => countIn('en', n, 'star', 'stars'),
  name: 'Your name',
  email: 'Your email address',
  comment: 'Your comment (optional)',
  sending: 'Sending…',
  publicInvite: 'You can also share your review publicly:',
  publicButton: 'Leave a public review',
  continueToSite: 'Continue to the review page',
  poweredBy: (store: string) => `Reviews collected for ${store}`,
  /** EU Omnibus directive: say how reviews are collected (the short line where the store's settings are not read: the merchant's preview). */
  howCollected: 'Reviews are collected from customers after they place an order, whatever their rating.',
  /** 'How we collect reviews': generated from the store's real settings (reviews/notice.ts). */
  notice: {
    heading: 'How we collect reviews',
    /** The order's "payment", "shipping", "delivery", read after "3 days after". */
    events: { order_paid: 'payment', order_fulfilled: 'shipping', order_delivered: 'delivery' } as Record<string, string>,
    soon: {
      order_paid: 'as soon as their order is paid',
      order_fulfilled: 'as soon as their order ships',
      order_delivered: 'as soon as their order is delivered',
    } as Record<string, string>,
    after: (days: number, event: string) => `${countIn('en', days, 'day', 'days')} after ${event}`,
    minimum: (amount: string) => `for orders of at least ${amount}`,
    whoFlows: (moments: string) => `We invite every customer who places an order to leave a review by email, ${moments}.`,
    /** Several flows, one ask (decision 024): the moment that comes latest in the order's life wins. */
    whoFlowsOnce: (moments: string) =>
      `We invite every customer who places an order to leave a review by email, once per order: ${moments}, whichever is closest to when they receive their order.`,
    whoNoFlow: 'Invitations are sent by the store to customers who have placed an order.',
    or: ' or ',
    reminder: (days: string) => `A single reminder is sent ${days} after the invitation, and only to customers who haven’t left a review yet.`,
    reminderDays: (days: number) => countIn('en', days, 'day', 'days'),
    samePathPublic: 'Whatever their rating, every customer goes through the same steps and is invited to post their review on our public review page.',
    samePath: 'Whatever their rating, every customer goes through the same steps.',
    byRating:
      'What happens after you send your review depends on the rating you choose: an invitation to post a public review, a private message to the store, or an alert to the store.',
    kept: 'All reviews are kept, whatever their rating. No review is paid for or rewarded.',
    verifiedOrder:
      'This invitation is linked to a real order: only customers who placed an order receive it. This is how we check that reviews come from genuine buyers, and your review carries the “Verified purchase” label on the store’s website.',
    sharedLink: 'This link is shared by the store: reviews left here aren’t linked to an order, so we can’t verify that they come from buyers.',
    noOrder: 'This invitation was sent to you directly by the store: your review won’t be linked to a verified order.',
    /** After the shared link's or a request without order's sentence: what the storefront does with such a review (decision 044). */
    unverifiedKept: 'A review without a verified purchase is passed on to the store, but isn’t shown on its website.',
    unverifiedShown: 'A review without a verified purchase may be shown on the store’s website, labelled “Unverified purchase”.',
  },
  /** “I haven't received my order yet” (reminders.ts postponeRequest). */
  postpone: {
    question: 'Still waiting for your order?',
    button: 'I haven’t received my order yet',
    done: (date: string) => `Got it. We’ll be in touch again around ${date}. You can also leave your review right now.`,
    reviewed: 'You’ve already reviewed this order. Thank you!',
    followUpSent: 'We’ve already sent you a reminder for this order, so we won’t contact you again. You can leave your review whenever you like using this link.',
    unsubscribed: 'You’ve unsubscribed from our emails, so we won’t contact you again. You can still leave your review below.',
    notSent: 'This request can’t be postponed. You can leave your review below whenever you like.',
    withdrawn: 'The store no longer plans to contact you about this order. You can still leave your review below if you’d like.',
  },
  /** Photos with the review (decision 058); `{n}`, `{total}`, `{name}`, `{reason}` are filled by the page. */
  photos: {
    label: 'Add photos (optional)',
    hint: 'Up to 3 JPEG, PNG or WebP photos, 10 MB each. They are published without their metadata (location, camera).',
    thumbnail: 'Photo {n}: {name}',
    remove: 'Remove photo {n}',
    tooMany: 'Three photos at most: the others were not added.',
    sending: 'Uploading photo {n} of {total}…',
    progress: 'Uploading photo {n}',
    failed: 'Photo {n} could not be added: {reason}',
    reviewSaved: 'Your review has been saved.',
    continue: 'Continue',
    reasons: {
      too_large: 'it is larger than 10 MB.',
      unsupported_type: 'it is not a JPEG, PNG or WebP photo.',
      unreadable: 'the file is unreadable or damaged.',
      too_many_pixels: 'it is too large (more than 50 million pixels).',
      too_many_photos: 'your review already has three photos.',
      upload_closed: 'the time to add photos to this review has passed.',
      rate_limited: 'too many uploads in a short time, please try again in a few minutes.',
      failed: 'the connection was interrupted.',
    },
  },
};
