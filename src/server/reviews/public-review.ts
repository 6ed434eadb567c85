/**
 * The public review page's data and the submission of a review (docs/product/screens.md, docs/product/statuses.md, docs/product/validation.md, docs/product/errors.md).
 *
 * A request link (channel email) is used once: the submission marks the request `completed` under a
 * row lock, so a double submit stores one review and a later visit shows the thank-you state. A
 * shared link (channel link) stays open for several customers, each review linked to it.
 *
 * Review gating (docs/product/stances.md, decision 010): with the store's "même parcours pour toutes les notes"
 * on, nobody is redirected by rating; every reviewer is offered the public review link afterwards and
 * the rating's action only adds steps (private feedback, merchant alert). With it off, the spec's
 * routing applies: a `redirect` rating goes to its URL.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database, type Queryable } from '#db/client';
import { shopifyReviews, shopifyStores, storeBranding, storeCustomization, storeEmailConfig, user, type ReviewShown } from '#db/schema';
import type { ActionType } from '#core/domain';
import { SHARED_LINK_LIMITS, shownOnStorefront, type ReviewOrigin } from '#core/review-origin';
import { safeUrl } from '#core/email/review-email';
import { enqueue } from '../jobs/define';
import { grantPhotoUpload } from './photos';
import { sendReviewNotificationJob } from './jobs';
import { storeRatingActions, type RatingActionDto } from './rating-actions';
import { languageOf, type CustomerLanguage } from '#core/customer-language';
import { reviewPageMessages, reviewPageMessagesIn, type ReviewPageCatalogue } from '../messages/review-page';
import { storeDisplayName } from '../stores/service';
import { publicSiteLink } from './engagement';
import { cancelFollowUpOf, postponeRequest, withdrawOtherAsksOfOrder, type PostponeOutcome } from '../requests/reminders';
import { collectionNotice, noticeFlows, type CollectionNotice, type NoticeLink } from './notice';
import { schedulePublish } from '../storefront/publish';
import { showsUnverified } from '../storefront/publication';
import { isPublicToken } from '../security/tokens';

/** Why the review page refuses a link or a review: a key of its catalogues (src/server/messages/review-page). */
export type ReviewPageRefusal = 'invalidLink' | 'storeNotFound' | 'alreadyUsed' | 'sharedLinkBusy';

/**
 * The public review page's own refusals: the page is HTML for a customer, not an API endpoint, so
 * it keeps a status and what to say, in the request's locale when the link named one (`locale`),
 * else in the visitor's language (the routes read it from the browser). The error's own message is
 * the French sentence, for the logs.
 */
export class ReviewPageError extends Error {
  constructor(
    readonly status: 404 | 409 | 429,
    readonly reason: ReviewPageRefusal,
    readonly locale: string | null = null,
  ) {
    super(reviewPageMessages[reason]);
    this.name = 'ReviewPageError';
  }

  /** The sentence to show: in the request's language, else in `visitor`'s. */
  sentence(visitor: CustomerLanguage): string {
    return reviewPageMessagesIn(this.locale ?? visitor)[this.reason];
  }
}

export interface PublicAction {
  type: ActionType;
  /** Shown above the comment box when the rating's action collects private feedback. */
  feedbackMessage: string | null;
}

export interface ReviewPage {
  token: string;
  /** The locale the request was made in (decision 056): the page's language, dates and figures. */
  locale: string;
  /** The catalogue of that locale's language. */
  messages: ReviewPageCatalogue;
  channel: 'email' | 'link';
  /** 'form' to collect a review, 'done' when this link was already used. */
  state: 'form' | 'done';
  storeName: string;
  branding: { logoUrl: string | null; primaryColor: string | null; buttonBgColor: string | null; buttonTextColor: string | null };
  texts: { title: string; description: string | null; thankYou: string; positive: string | null; negative: string | null; button: string };
  actions: Record<number, PublicAction>;
  samePath: boolean;
  /** The store's public review site (its first redirect URL), offered to everyone when samePath is on. */
  publicReviewUrl: string | null;
  /** For a used e-mail link: our tracked link to the site its review was offered, if any. */
  doneLink: string | null;
  /** For a used e-mail link: the rating its review gave, so a visit again thanks it as the first time did. */
  doneRating: number | null;
  prefill: { name: string; email: string };
  /** 'Comment nous recueillons les avis', from the store's settings (null where they are not read: the merchant's preview). */
  notice: CollectionNotice | null;
  /** Offer « Je n'ai pas encore reçu ma commande »: a sent first e-mail request not reviewed yet. */
  postpone: boolean;
}

type RequestRow = {
  id: string;
  shop_id: string;
  user_id: string;
  status: string;
  channel: 'email' | 'link';
  kind: 'first' | 'reminder';
  has_order: boolean;
  customer_name: string | null;
  customer_email: string | null;
  shopify_order_id: string | null;
  order_number: string | null;
  store_active: boolean;
  locale: string;
  /** The status of the request's follow-up (reminder or postponement), null when it has none. */
  follow_up_status: string | null;
};

async function findRequest(db: Queryable, token: string, lock: boolean): Promise<RequestRow> {
  if (!isPublicToken(token)) throw new ReviewPageError(404, 'invalidLink');
  const [row] = await queryRows<RequestRow>(
    db,
    sql`SELECT r.id::text, r.shop_id::text, r.user_id, r.status, r.channel, r.kind, r.order_id IS NOT NULL AS has_order, r.customer_name, r.customer_email, r.shopify_order_id, o.order_number,
               s.is_active AS store_active, r.locale, (SELECT f.status FROM shopify_review_requests f WHERE f.reminder_of = r.id) AS follow_up_status
        FROM shopify_review_requests r JOIN shopify_stores s ON s.id = r.shop_id LEFT JOIN shopify_orders o ON o.id = r.order_id
        WHERE r.token = ${token} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  // A shared link the merchant renewed takes no more reviews.
  if (!row || (row.channel === 'link' && row.status === 'cancelled')) throw new ReviewPageError(404, 'invalidLink', row?.locale);
  if (!row.store_active) throw new ReviewPageError(404, 'storeNotFound', row.locale);
  return row;
}

/**
 * Where a review through this request comes from (decision 044): the shared link, an order's request
 * (a verified purchase), or a request that names no order.
 */
export function originOf(request: Pick<RequestRow, 'channel' | 'has_order' | 'shopify_order_id'>): ReviewOrigin {
  if (request.channel === 'link') return 'shared_link';
  return request.has_order || request.shopify_order_id !== null ? 'order' : 'no_order';
}

/**
 * A shared link takes at most SHARED_LINK_LIMITS reviews an hour and a day: anyone with it can post.
 * Counted under the link's row lock (findRequest's FOR UPDATE), so submissions at once queue here and
 * the last place is never taken twice.
 */
async function refuseOverSharedLinkLimits(db: Queryable, requestId: string, locale: string): Promise<void> {
  const [counted] = await queryRows<{ hour: number; day: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS hour, count(*)::int AS day
        FROM shopify_reviews WHERE review_request_id = ${requestId}::uuid AND created_at > now() - interval '24 hours'`,
  );
  if ((counted?.hour ?? 0) >= SHARED_LINK_LIMITS.perHour) throw new ReviewPageError(429, 'sharedLinkBusy', locale);
  if ((counted?.day ?? 0) >= SHARED_LINK_LIMITS.perDay) throw new ReviewPageError(429, 'sharedLinkBusy', locale);
}

/** The store's public review site: the first redirect URL, best rating first. */
export function publicSite(actions: RatingActionDto[]): string | null {
  for (const a of [...actions].sort((x, y) => y.rating - x.rating)) if (a.action_type === 'redirect' && safeUrl(a.redirect_url)) return safeUrl(a.redirect_url);
  return null;
}

type BrandingRow = typeof storeBranding.$inferSelect;
type CustomizationRow = typeof storeCustomization.$inferSelect;

/** What a review page is made of, saved or (for the merchant's preview) not yet. */
export interface ReviewPageParts {
  storeName: string;
  branding: Pick<BrandingRow, 'logoUrl' | 'primaryColor' | 'buttonBgColor' | 'buttonTextColor'> | undefined;
  /** The merchant's texts in the page's language (decision 057); undefined: the shipped texts of that language. */
  custom: Pick<CustomizationRow, 'pageTitle' | 'pageDescription' | 'thankYouMessage' | 'positiveFeedbackMessage' | 'negativeFeedbackMessage' | 'buttonText'> | undefined;
  actions: RatingActionDto[];
  samePath: boolean;
  /**
   * The language the rating actions' feedback prompts are written in: the store's default language.
   * A page in another language leaves them out for its own shipped prompt (decision 056: a page never
   * mixes two languages).
   */
  actionsLanguage: CustomerLanguage;
}

/**
 * The page from its parts: one assembly (texts and their defaults) for the real page and the preview,
 * in `locale`'s language (the request's; French for the merchant's preview).
 */
export function reviewPageOf(parts: ReviewPageParts, link: Pick<ReviewPage, 'token' | 'channel' | 'state' | 'doneLink' | 'doneRating' | 'prefill'>, locale = 'fr'): ReviewPage {
  const { branding, storeName } = parts;
  const m = reviewPageMessagesIn(locale);
  const ownPrompts = parts.actionsLanguage === languageOf(locale);
  const { custom } = parts;
  return {
    ...link,
    locale,
    messages: m,
    storeName,
    branding: {
      logoUrl: safeUrl(branding?.logoUrl),
      primaryColor: branding?.primaryColor ?? null,
      buttonBgColor: branding?.buttonBgColor ?? null,
      buttonTextColor: branding?.buttonTextColor ?? null,
    },
    texts: {
      title: custom?.pageTitle || m.defaultTitle,
      description: custom?.pageDescription || m.defaultDescription(storeName),
      thankYou: custom?.thankYouMessage || m.defaultThankYou,
      positive: custom?.positiveFeedbackMessage || null,
      negative: custom?.negativeFeedbackMessage || null,
      button: custom?.buttonText || m.defaultButton,
    },
    actions: Object.fromEntries(
      parts.actions.map((a) => [a.rating, { type: a.action_type, feedbackMessage: a.action_type === 'collect_feedback' && ownPrompts ? a.feedback_message : null }]),
    ),
    samePath: parts.samePath,
    publicReviewUrl: publicSite(parts.actions),
    notice: null,
    postpone: false,
  };
}

/**
 * Where a store's merchant alerts go by default (a rating action without its own address): the
 * notification address saved in the settings, else the account's e-mail.
 */
export const alertAddressSql = sql<string>`coalesce(nullif(${storeEmailConfig.ownerNotificationEmail}, ''), ${user.email})`;

export async function loadReviewPage(db: Database, token: string): Promise<ReviewPage> {
  const request = await findRequest(db, token, false);
  const [store] = await db
    .select({
      name: shopifyStores.shopName,
      domain: shopifyStores.shopDomain,
      samePath: shopifyStores.samePathForAllRatings,
      unverifiedShown: shopifyStores.showUnverifiedReviews,
      defaultLanguage: shopifyStores.defaultCustomerLanguage,
      alertAddress: alertAddressSql,
    })
    .from(shopifyStores)
    .innerJoin(user, eq(user.id, shopifyStores.userId))
    .leftJoin(storeEmailConfig, eq(storeEmailConfig.shopId, shopifyStores.id))
    .where(eq(shopifyStores.id, request.shop_id));
  if (!store) throw new ReviewPageError(404, 'storeNotFound', request.locale);
  // A shared link's visitors are no order's customers: the store's language as it is now.
  const locale = request.channel === 'link' ? store.defaultLanguage : request.locale;
  const [[branding], [custom], actions, flows] = await Promise.all([
    db.select().from(storeBranding).where(eq(storeBranding.shopId, request.shop_id)),
    db
      .select()
      .from(storeCustomization)
      .where(and(eq(storeCustomization.shopId, request.shop_id), eq(storeCustomization.language, languageOf(locale)))),
    storeRatingActions(db, request.shop_id, store.alertAddress).then((r) => r.actions),
    noticeFlows(db, request.shop_id),
  ]);
  const state = request.channel === 'email' && request.status === 'completed' ? 'done' : 'form';
  const done = state === 'done' ? await reviewOfRequest(db, token, request.id) : { link: null, rating: null };
  const link: NoticeLink = request.channel === 'link' ? 'shared' : request.has_order ? 'order' : 'no_order';
  const page = reviewPageOf(
    { storeName: storeDisplayName(store.name, store.domain), branding, custom, actions, samePath: store.samePath, actionsLanguage: store.defaultLanguage },
    {
      token,
      channel: request.channel,
      state,
      doneLink: done.link,
      doneRating: done.rating,
      // A shared link serves several customers: nobody's details are shown on it.
      prefill: request.channel === 'email' ? { name: request.customer_name ?? '', email: request.customer_email ?? '' } : { name: '', email: '' },
    },
    locale,
  );
  return {
    ...page,
    notice: collectionNotice(
      {
        flows,
        samePath: store.samePath,
        publicSite: page.publicReviewUrl !== null,
        ...(link === 'order' ? { link } : { link, unverifiedShown: store.unverifiedShown }),
      },
      page.messages,
      page.locale,
    ),
    postpone: state === 'form' && canPostpone(request),
  };
}

/**
 * Only a first e-mail request that went out can be postponed: the store's shared link serves many
 * customers, and a reminder is itself the follow-up (its e-mail links to the first request's page).
 * Once the follow-up went (or is going), there is nothing left to postpone: no button.
 */
const canPostpone = (request: Pick<RequestRow, 'channel' | 'kind' | 'status' | 'follow_up_status'>) =>
  request.channel === 'email' &&
  request.kind === 'first' &&
  ['sent', 'delivered', 'opened'].includes(request.status) &&
  (request.follow_up_status === null || ['scheduled', 'pending', 'cancelled'].includes(request.follow_up_status));

/** « Je n'ai pas encore reçu ma commande »: asks again a few days on (reminders.ts), never instead of the rating form. */
export async function postponeReview(db: Database, token: string, now = new Date()): Promise<PostponeOutcome> {
  return db.transaction(async (tx) => {
    const request = await findRequest(tx, token, true);
    if (request.channel !== 'email' || request.kind !== 'first') return { postponed: false, reason: 'not_sent' };
    return postponeRequest(tx, request.id, now);
  });
}

/** The tracked link to the site the request's review was offered (an e-mail link has one review). */
/** The review a used e-mail link received: its rating, and our tracked link to the site it was offered, if any. */
async function reviewOfRequest(db: Queryable, token: string, requestId: string): Promise<{ link: string | null; rating: number | null }> {
  const [review] = await queryRows<{ id: string; rating: number; offered: boolean }>(
    db,
    sql`SELECT id::text, rating, public_review_url IS NOT NULL AS offered FROM shopify_reviews WHERE review_request_id = ${requestId}::uuid ORDER BY created_at LIMIT 1`,
  );
  return { link: review?.offered ? publicSiteLink(token, review.id) : null, rating: review?.rating ?? null };
}

/** A review as the page posts it, refused in the page's language (`m`: the request's catalogue). */
function reviewInputIn(m: ReviewPageCatalogue) {
  return z.object({
    // Integers 1 to 5 only: a JSON number, or the digit a form post sends. No coercion of "0x5",
    // true or [5], which Number() would turn into a rating.
    rating: z.unknown().transform((value, ctx) => {
      const rating = typeof value === 'number' ? value : typeof value === 'string' && /^[1-5]$/.test(value) ? Number(value) : NaN;
      if (Number.isInteger(rating) && rating >= 1 && rating <= 5) return rating;
      ctx.addIssue({ code: 'custom', message: m.ratingRequired });
      return z.NEVER;
    }),
    name: z.string({ message: m.nameEmailRequired }).trim().min(1, m.nameEmailRequired).max(120, m.nameTooLong),
    email: z.string({ message: m.nameEmailRequired }).trim().min(1, m.nameEmailRequired).max(254).email(m.emailInvalid),
    comment: z.string().trim().max(5000, m.commentTooLong).optional().default(''),
  });
}

const reviewInputs = new Map<CustomerLanguage, ReturnType<typeof reviewInputIn>>();

/** The review's schema in `locale`'s language (made once per language). */
export function reviewInputFor(locale: string): ReturnType<typeof reviewInputIn> {
  const language = languageOf(locale);
  let schema = reviewInputs.get(language);
  if (!schema) reviewInputs.set(language, (schema = reviewInputIn(reviewPageMessagesIn(language))));
  return schema;
}
export type ReviewInput = z.infer<ReturnType<typeof reviewInputIn>>;

/**
 * What comes after a review. Links to the public review site are ours (publicSiteLink): following
 * one is recorded, then the browser goes on to the site the customer was offered.
 */
export type ReviewOutcome = { next: 'redirect'; url: string; rating: number } | { next: 'thanks'; rating: number; publicReviewUrl: string | null };

/**
 * What follows a rating, decided once: the page's outcome (redirect, or thanks with the public link)
 * and the record of what the customer was shown (shopify_reviews.shown) both derive from it, so the
 * evidence cannot say something other than what the page did.
 */
export interface AfterRating {
  action: RatingActionDto;
  /** The public review site offered to this customer (a link after the review, or the redirect), or null. */
  offered: string | null;
  redirected: boolean;
  shown: ReviewShown;
}

export function decideAfterRating(samePath: boolean, actions: RatingActionDto[], rating: number): AfterRating {
  const action = actions.find((a) => a.rating === rating)!;
  const redirect = safeUrl(action.redirect_url);
  const redirected = !samePath && action.action_type === 'redirect' && redirect !== null;
  // The site this customer is offered: everyone's with the same path for all ratings, else only a redirect rating's.
  const offered = samePath ? publicSite(actions) : redirected ? redirect : null;
  return {
    action,
    offered,
    redirected,
    shown: {
      same_path_for_all_ratings: samePath,
      action_type: action.action_type,
      public_link_offered: offered !== null,
      redirected,
      feedback_form: action.action_type === 'collect_feedback',
    },
  };
}

/** The page's outcome from the decision (the public link through our tracked redirect). */
export function outcomeOf(decision: AfterRating, token: string, reviewId: string, rating: number): ReviewOutcome {
  const link = decision.offered ? publicSiteLink(token, reviewId) : null;
  if (decision.redirected) return { next: 'redirect', url: link!, rating };
  return { next: 'thanks', rating, publicReviewUrl: link };
}

/** A stored review's outcome, its id, and the key its page adds photos with (decision 058). */
export type SubmittedReview = ReviewOutcome & { reviewId: string; photoKey: string };

/** Stores the review and says what comes next. Throws 409 when the link was already used. */
export async function submitReview(db: Database, token: string, input: ReviewInput): Promise<SubmittedReview> {
  return db.transaction(async (tx) => {
    const request = await findRequest(tx, token, true);
    if (request.channel === 'email' && request.status === 'completed') throw new ReviewPageError(409, 'alreadyUsed', request.locale);
    if (request.channel === 'link') await refuseOverSharedLinkLimits(tx, request.id, request.locale);
    const [store] = await tx
      .select({ samePath: shopifyStores.samePathForAllRatings, alertAddress: alertAddressSql })
      .from(shopifyStores)
      .innerJoin(user, eq(user.id, shopifyStores.userId))
      .leftJoin(storeEmailConfig, eq(storeEmailConfig.shopId, shopifyStores.id))
      .where(eq(shopifyStores.id, request.shop_id));
    const { actions } = await storeRatingActions(tx, request.shop_id, store!.alertAddress);
    const decision = decideAfterRating(store!.samePath, actions, input.rating);
    const { action } = decision;
    const origin = originOf(request);

    const [review] = await tx
      .insert(shopifyReviews)
      .values({
        userId: request.user_id,
        shopId: request.shop_id,
        reviewRequestId: request.id,
        shopifyOrderId: request.shopify_order_id,
        customerEmail: input.email.toLowerCase(),
        customerName: input.name,
        rating: input.rating,
        comment: input.comment || null,
        // Published when the storefront shows it, never for its rating (decision 044). Only a review
        // without a verified purchase depends on the store's setting, read under its lock.
        isPublished: shownOnStorefront({ origin, hidden: false }, origin !== 'order' && (await showsUnverified(tx, request.shop_id, { lock: true }))),
        origin,
        actionTaken: action.action_type,
        orderNumber: request.order_number,
        publicReviewUrl: decision.offered,
        shown: decision.shown,
      })
      .returning({ id: shopifyReviews.id });
    if (request.channel === 'email') {
      // A review through a reminder answers its first e-mail too: the ask is what the dashboard counts.
      await tx.execute(sql`UPDATE shopify_review_requests SET status = 'completed', updated_at = now()
        WHERE id = ${request.id}::uuid OR id = (SELECT m.reminder_of FROM shopify_review_requests m WHERE m.id = ${request.id}::uuid)`);
    }
    // The review answers the request: its reminder (or postponed follow-up), not sent yet, is withdrawn.
    if (request.kind === 'first') await cancelFollowUpOf(tx, request.id);
    // It answers the order too: no other flow's request about it is still to go.
    if (request.channel === 'email') await withdrawOtherAsksOfOrder(tx, request.id);
    // The merchant's alert goes through a job: sent after commit, retried if SMTP is down.
    if (action.notification_email && (action.action_type === 'notify_email' || action.action_type === 'collect_feedback')) {
      await enqueue(tx, sendReviewNotificationJob, { reviewId: review!.id, to: action.notification_email });
    }
    // The storefront shows every review, whatever its rating (decision 028): its metafield is written again.
    await schedulePublish(tx, request.shop_id);
    // The page that sent it may add photos for a while, with a key only it receives.
    const photoKey = await grantPhotoUpload(tx, review!.id);
    return { ...outcomeOf(decision, token, review!.id, input.rating), reviewId: review!.id, photoKey };
  });
}
