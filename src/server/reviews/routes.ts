/**
 * /api/rating-actions (the merchant's per-rating actions) and /review/{token} (the public review
 * page: server-rendered HTML on GET; POST from the page's script, answered in JSON, or from the
 * plain form without JavaScript, answered with a page or a redirect).
 */
import { Hono, type Context } from 'hono';
import { readRatingActions as readRatingActionsEndpoint, saveRatingActions as saveRatingActionsEndpoint } from '#core/api/rating-actions';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { parseWith } from '../http/errors';
import { route } from '../http/route';
import { clientIp } from '../http/client-ip';
import { hitRateLimit } from '../security/rate-limit';
import { baseLanguage, canonicalLocale, isCustomerLanguage, languageOfVisitor, type CustomerLanguage } from '#core/customer-language';
import { reviewPageMessagesIn, type ReviewPageCatalogue } from '../messages/review-page';
import { doneOutcome, errorPageHtml, postponeMessage, redirectPageHtml, reviewFormHtml, thankYouHtml, thankYouPageHtml, type PhotoFailure } from './page';
import { loadReviewPage, postponeReview, reviewInputFor, ReviewPageError, submitReview, type ReviewPage } from './public-review';
import { readRatingActions, saveRatingActions } from './rating-actions';
import { readSettings } from '../settings/service';
import { requestConfirmations } from '../recipients/service';
import { followPublicLink, OPEN_PIXEL, recordOpen, recordVisit } from './engagement';
import { addPhotoFromPage, PhotoRefused } from './photos';
import { REVIEW_PHOTO_LIMITS, type PhotoRefusal } from '#core/review-photos';

/** How a refused photo is answered: the reason is what the page's script reads (and says in the page's language). */
const PHOTO_STATUS: Record<PhotoRefusal, 403 | 409 | 413 | 415 | 422 | 429 | 500> = {
  too_large: 413,
  unsupported_type: 415,
  unreadable: 422,
  too_many_pixels: 422,
  too_many_photos: 409,
  upload_closed: 403,
  rate_limited: 429,
  failed: 500,
};

/** The files a form post without JavaScript sent as `photos` (one, several, or none). */
function postedPhotos(form: Record<string, unknown>): File[] {
  const value = form.photos ?? form['photos[]'];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  // An empty file input sends one empty file with no name.
  return list.filter((item): item is File => item instanceof File && item.size > 0);
}

/**
 * GET and PUT /api/rating-actions, for the active store. Unsaved alerts default to the store's
 * notification address (settings), as the review page's do, else the account's.
 */
export function ratingActionRoutes(ctx: AppContext) {
  const alertAddress = async (storeId: string) => (await readSettings(ctx.db, storeId)).owner_notification_email;
  return [
    route(readRatingActionsEndpoint, async ({ store }) => readRatingActions(ctx.db, store.id, await alertAddress(store.id))),
    route(saveRatingActionsEndpoint, async ({ store, body, session }) => {
      const saved = await saveRatingActions(ctx.db, store.id, await alertAddress(store.id), body, { userId: session.user.id, email: session.user.email });
      // A new alert address gets its confirmation link; no alert goes there before (decision 022).
      await requestConfirmations(ctx, store.id);
      return saved;
    }),
  ];
}

type NonceEnv = { Variables: { secureHeadersNonce?: string } };

const html = (c: Context<NonceEnv>, body: string, status: 200 | 400 | 404 | 409 | 429 | 500 = 200) => {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer'); // the token must not leak to the review site
  return c.html(body, status);
};

export function reviewPageRoutes(ctx: AppContext) {
  const app = new Hono<NonceEnv>();
  const log = ctx.log.child('review-page');
  const nonceOf = (c: Context<NonceEnv>) => c.get('secureHeadersNonce') ?? '';

  /**
   * Where no request says the customer's language (a link that is not valid, a refusal before the
   * page is read from a post that names none), the visitor's browser does: its first shipped
   * language, else French.
   */
  const visitorOf = (c: Context<NonceEnv>) => languageOfVisitor(c.req.header('accept-language'));
  const visitorMessages = (c: Context<NonceEnv>): ReviewPageCatalogue => reviewPageMessagesIn(visitorOf(c));
  /**
   * The language of a refusal before the link is read (too many attempts): the one the page that
   * posted names (its forms' `?langue=`, the request's language it was drawn in), else the
   * visitor's. Not the request's row: the limit keeps a flood of posts from the database, which a
   * read per refused post would undo, and a refusal whose language followed the token would tell
   * someone guessing tokens which ones exist. The page's word costs nothing and tells nothing.
   */
  const posterOf = (c: Context<NonceEnv>): CustomerLanguage => {
    const named = canonicalLocale(c.req.query('langue'));
    const language = named ? baseLanguage(named) : null;
    return isCustomerLanguage(language) ? language : visitorOf(c);
  };
  const tooManyPage = (c: Context<NonceEnv>) => {
    const messages = reviewPageMessagesIn(posterOf(c));
    return html(c, errorPageHtml(messages.tooMany, nonceOf(c), messages), 429);
  };
  /** A refusal's page, in the request's language when the link named one, else the visitor's. */
  const refusalPage = (c: Context<NonceEnv>, error: ReviewPageError) => errorPageHtml(error.sentence(visitorOf(c)), nonceOf(c), reviewPageMessagesIn(error.locale ?? visitorOf(c)));

  type Loaded = { page: ReviewPage } | { status: 404 | 500; message: string; messages: ReviewPageCatalogue };
  async function load(c: Context<NonceEnv>): Promise<Loaded> {
    try {
      return { page: await loadReviewPage(ctx.db, c.req.param('token') ?? '') };
    } catch (error) {
      if (error instanceof ReviewPageError) return { status: 404, message: error.sentence(visitorOf(c)), messages: reviewPageMessagesIn(error.locale ?? visitorOf(c)) };
      log.error('review page failed to load', { error: error instanceof Error ? error.message : String(error) });
      return { status: 500, message: visitorMessages(c).loadError, messages: visitorMessages(c) };
    }
  }
  const notLoadedPage = (c: Context<NonceEnv>, loaded: Exclude<Loaded, { page: ReviewPage }>) => html(c, errorPageHtml(loaded.message, nonceOf(c), loaded.messages), loaded.status);

  app.get('/:token', async (c) => {
    const loaded = await load(c);
    if (!('page' in loaded)) return notLoadedPage(c, loaded);
    const { page } = loaded;
    // The first visit through an e-mail's link (best effort: the page shows whatever happens to it).
    await recordVisit(ctx.db, page.token).catch((error: unknown) => log.warn('visit not recorded', { error: error instanceof Error ? error.message : String(error) }));
    return html(c, page.state === 'done' ? thankYouPageHtml(page, nonceOf(c), doneOutcome(page)) : reviewFormHtml(page, nonceOf(c)));
  });

  // The review e-mail's image: records the first open (an estimate), answers the same pixel whatever the token.
  app.get('/:token/open.gif', async (c) => {
    await recordOpen(ctx.db, c.req.param('token')).catch((error: unknown) => log.warn('open not recorded', { error: error instanceof Error ? error.message : String(error) }));
    return c.body(new Uint8Array(OPEN_PIXEL), 200, { 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, private', 'Referrer-Policy': 'no-referrer' });
  });

  // The public review site's link after a review: recorded once, then on to the site the customer was offered.
  app.get('/:token/public-site/:reviewId', async (c) => {
    const url = await followPublicLink(ctx.db, c.req.param('token'), c.req.param('reviewId'));
    if (!url) return html(c, errorPageHtml(visitorMessages(c).invalidLink, nonceOf(c), visitorMessages(c)), 404);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(url, 302);
  });

  // « Je n'ai pas encore reçu ma commande »: a plain form post answered with the page, the rating
  // form still there, and a sentence saying when we will ask again (or why we will not).
  app.post('/:token/postpone', async (c) => {
    const limit = await hitRateLimit(ctx.db, `review-postpone:${clientIp(c, ctx.config.trustProxy)}`, { max: 30, windowSeconds: 600 });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return tooManyPage(c);
    }
    const loaded = await load(c);
    if (!('page' in loaded)) return notLoadedPage(c, loaded);
    try {
      const outcome = await postponeReview(ctx.db, loaded.page.token);
      log.info('review request postponed', { postponed: outcome.postponed, ...(outcome.postponed ? {} : { reason: outcome.reason }) });
      // Read again: the page after the change (a review in between shows the thank-you state).
      const page = await loadReviewPage(ctx.db, loaded.page.token);
      if (page.state === 'done') return html(c, thankYouPageHtml(page, nonceOf(c), doneOutcome(page)), 409);
      return html(c, reviewFormHtml(page, nonceOf(c), { postponed: postponeMessage(outcome, page) }), outcome.postponed ? 200 : 409);
    } catch (error) {
      if (error instanceof ReviewPageError) return html(c, refusalPage(c, error), 404);
      log.error('postponement failed', { error: error instanceof Error ? error.message : String(error) });
      return html(c, reviewFormHtml(loaded.page, nonceOf(c), { error: loaded.page.messages.submitError }), 500);
    }
  });

  // A photo for the review the page just sent (decision 058): the body is the file itself, the key the
  // submission answered in X-Photo-Key. Answered in JSON: the photo, or the reason it was not kept.
  app.post('/:token/photos', async (c) => {
    const refuse = (reason: PhotoRefusal) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ reason, error: reviewPageMessagesIn(posterOf(c)).photos.reasons[reason] }, PHOTO_STATUS[reason]);
    };
    const limit = await hitRateLimit(ctx.db, `review-photo:${clientIp(c, ctx.config.trustProxy)}`, { max: 20, windowSeconds: 600 });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return refuse('rate_limited');
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    try {
      const photo = await addPhotoFromPage(ctx, c.req.param('token'), c.req.header('x-photo-key') ?? '', bytes);
      log.info('review photo added', { position: photo.position });
      c.header('Cache-Control', 'no-store');
      return c.json({ photo }, 201);
    } catch (error) {
      if (error instanceof PhotoRefused) {
        log.info('review photo refused', { reason: error.reason });
        return refuse(error.reason);
      }
      log.error('review photo failed', { error: error instanceof Error ? error.message : String(error) });
      return refuse('failed');
    }
  });

  app.post('/:token', async (c) => {
    const wantsJson = (c.req.header('accept') ?? '').includes('application/json');
    const fail = (status: 400 | 404 | 409 | 429 | 500, message: string, extra: Record<string, unknown> = {}) => c.json({ error: message, ...extra }, status);
    const limit = await hitRateLimit(ctx.db, `review-submit:${clientIp(c, ctx.config.trustProxy)}`, { max: 30, windowSeconds: 600 });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return wantsJson ? fail(429, reviewPageMessagesIn(posterOf(c)).tooMany) : tooManyPage(c);
    }
    const loaded = await load(c);
    if (!('page' in loaded)) return wantsJson ? fail(loaded.status, loaded.message) : notLoadedPage(c, loaded);
    const { page } = loaded;
    const m = page.messages;

    let form: Record<string, unknown>;
    try {
      const body: unknown = (c.req.header('content-type') ?? '').includes('application/json') ? await c.req.json() : await c.req.parseBody({ all: true });
      form = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    } catch {
      return wantsJson ? fail(400, m.submitError) : html(c, reviewFormHtml(page, nonceOf(c), { error: m.submitError }), 400);
    }
    let input;
    try {
      input = parseWith(reviewInputFor(page.locale), form);
    } catch (error) {
      // parseWith refuses with the schema's own sentence, in the page's language (a DomainError since the contracts work).
      const message = error instanceof DomainError && error.details.message ? error.details.message : m.submitError;
      if (wantsJson) return fail(400, message);
      // The typed values come back (without the characters that made them unstorable).
      const typed = (value: unknown) => (typeof value === 'string' ? value.replace(/\u0000/g, '') : '');
      const rating = /^[1-5]$/.test(typed(form.rating)) ? Number(form.rating) : undefined;
      return html(c, reviewFormHtml(page, nonceOf(c), { error: message, rating, name: typed(form.name), email: typed(form.email), comment: typed(form.comment) }), 400);
    }
    try {
      const outcome = await submitReview(ctx.db, page.token, input);
      log.info('review received', { rating: outcome.rating, next: outcome.next });
      // The page's script sends its photos next, with this key (decision 058).
      const photos = { url: `/review/${page.token}/photos?langue=${page.messages.lang}`, key: outcome.photoKey, max: REVIEW_PHOTO_LIMITS.perReview };
      // Without JavaScript the photos came with the form: kept now, after the review, which stays whatever happens to them.
      const failures = wantsJson ? [] : await keepPostedPhotos(page.token, outcome.photoKey, postedPhotos(form));
      if (outcome.next === 'redirect') {
        // Without JavaScript: a page that moves on by itself. A 303 to another site after a form post
        // is blocked by Chrome under our CSP (form-action 'self'). A photo not kept holds it there, said.
        // The thank-you block comes too: the script shows it when a photo was not kept, before going on.
        return wantsJson
          ? c.json({ next: 'redirect', url: outcome.url, photos, html: thankYouHtml(page, { rating: outcome.rating, publicReviewUrl: null }) })
          : html(c, redirectPageHtml(page, nonceOf(c), outcome.url, failures));
      }
      const body = thankYouHtml(page, outcome);
      return wantsJson ? c.json({ next: 'thanks', html: body, photos }) : html(c, thankYouPageHtml(page, nonceOf(c), outcome, failures));
    } catch (error) {
      if (error instanceof ReviewPageError && error.status === 409) {
        // Already used: the thank-you state, not a second review.
        const used = await loadReviewPage(ctx.db, page.token);
        const done = thankYouHtml(page, doneOutcome(used));
        return wantsJson ? fail(409, error.sentence(visitorOf(c)), { html: done }) : html(c, thankYouPageHtml(page, nonceOf(c), doneOutcome(used)), 409);
      }
      if (error instanceof ReviewPageError && error.status === 429) {
        // The shared link's limits (decision 044): nothing was stored; the form keeps what was typed.
        log.info('shared link review refused: limit reached');
        const sentence = error.sentence(visitorOf(c));
        return wantsJson ? fail(429, sentence) : html(c, reviewFormHtml(page, nonceOf(c), { error: sentence, ...input }), 429);
      }
      if (error instanceof ReviewPageError) return wantsJson ? fail(404, error.sentence(visitorOf(c))) : html(c, refusalPage(c, error), 404);
      log.error('review submission failed', { error: error instanceof Error ? error.message : String(error) });
      return wantsJson ? fail(500, m.submitError) : html(c, reviewFormHtml(page, nonceOf(c), { error: m.submitError, ...input }), 500);
    }
  });

  /** Keeps the photos a form post sent, in turn; answers the refused ones (their place among those sent, and why). */
  async function keepPostedPhotos(token: string, key: string, files: File[]): Promise<PhotoFailure[]> {
    const failures: PhotoFailure[] = [];
    for (const [index, file] of files.entries()) {
      if (index >= REVIEW_PHOTO_LIMITS.perReview) {
        failures.push({ n: index + 1, reason: 'too_many_photos' });
        continue;
      }
      try {
        await addPhotoFromPage(ctx, token, key, new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        if (!(error instanceof PhotoRefused)) log.error('review photo failed', { error: error instanceof Error ? error.message : String(error) });
        failures.push({ n: index + 1, reason: error instanceof PhotoRefused ? error.reason : 'failed' });
      }
    }
    return failures;
  }

  return app;
}
