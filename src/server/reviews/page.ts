/**
 * The public review page as server-rendered HTML: the store's branding inlined, no framework, one
 * small inline script (progressive enhancement: the form also works without JavaScript), fixed-size
 * boxes so nothing moves while it loads. What a customer sees on a phone.
 */
import { escapeHtml as e } from '#core/email/review-email';
import { legibleText, safeColor } from '#core/color';
import { formatDate } from '#core/french-format';
import type { ReviewPage, ReviewOutcome } from './public-review';
import { reviewPageMessages, type ReviewPageCatalogue } from '../messages/review-page';
import { REVIEW_PAGE_SCRIPT } from './page-script';
import { REVIEW_PHOTO_LIMITS, REVIEW_PHOTO_TYPES, type PhotoRefusal } from '#core/review-photos';
import type { PostponeOutcome } from '../requests/reminders';

/** docs/product/limits.md: 5 green, 4 cyan, 3 yellow, 2 orange, 1 red (shades dark enough to see on white). */
export const RATING_COLORS: Record<number, string> = { 5: '#16a34a', 4: '#0891b2', 3: '#ca8a04', 2: '#ea580c', 1: '#dc2626' };

const DEFAULT_BRAND = '#56dadc';

function styles(page: Pick<ReviewPage, 'branding'>): string {
  const brand = safeColor(page.branding.primaryColor, DEFAULT_BRAND);
  const buttonBg = safeColor(page.branding.buttonBgColor, brand);
  const buttonText = legibleText(buttonBg, page.branding.buttonTextColor);
  const starRules = [5, 4, 3, 2, 1]
    .map((r) => `#r${r}:checked~label{color:${RATING_COLORS[r]}}.stars label[for=r${r}]:hover,.stars label[for=r${r}]:hover~label{color:${RATING_COLORS[r]}}`)
    .join('');
  return `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#111827;background:#f3f4f6}
main{max-width:480px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:16px;border-top:6px solid ${brand};padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.logo{height:64px;display:flex;align-items:center;justify-content:center;margin-bottom:12px}.logo img{max-height:64px;max-width:200px;width:auto;height:auto}
.store{font-weight:700;font-size:20px;color:#111827}h1{font-size:22px;line-height:1.3;margin:0 0 8px;text-align:center}.intro{margin:0 0 20px;text-align:center;color:#374151}
fieldset{border:0;margin:0 0 16px;padding:0}legend{font-weight:600;margin:0 auto 8px;text-align:center}
.stars{display:flex;flex-direction:row-reverse;justify-content:center;gap:4px}.stars input{position:absolute;opacity:0;width:1px;height:1px}
.stars label{font-size:44px;line-height:1;width:52px;height:52px;display:flex;align-items:center;justify-content:center;color:#9ca3af;cursor:pointer;border-radius:8px;touch-action:manipulation}
.stars input:focus-visible+label{outline:3px solid #1d4ed8;outline-offset:2px}${starRules}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
label.f{display:block;font-weight:600;margin:12px 0 4px}input.t,textarea{width:100%;font:inherit;padding:10px 12px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#111827}
textarea{min-height:112px;resize:vertical}input.t:focus,textarea:focus{outline:3px solid #1d4ed8;outline-offset:1px}
.msg{min-height:24px;margin:12px 0 0;color:#b91c1c;font-weight:600}.hint{margin:4px 0 0;color:#374151;font-size:14px}
button,.btn{display:block;width:100%;margin-top:16px;padding:14px 16px;border:0;border-radius:10px;background:${buttonBg};color:${buttonText};font:inherit;font-weight:700;text-align:center;text-decoration:none;cursor:pointer}
button[disabled]{opacity:.7;cursor:wait}.done{text-align:center}.done p{margin:0 0 12px}.note{margin:16px 0 0;font-size:13px;color:#4b5563;text-align:center}
.later{margin-top:20px;padding-top:16px;border-top:1px solid #e5e7eb;text-align:center}.later p{margin:0;color:#374151;font-size:14px}
button.sec{margin-top:8px;background:#fff;color:#111827;border:1px solid #6b7280;font-weight:600}button.sec:focus-visible,summary:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.status{margin:0 0 16px;padding:12px;border-radius:10px;background:#ecfdf5;color:#065f46;border:1px solid #a7f3d0}.status.info{background:#eff6ff;color:#1e3a8a;border-color:#bfdbfe}
.how{margin:16px 0 0;font-size:14px;color:#374151}.how summary{cursor:pointer;font-weight:600;padding:8px 0}.how ul{margin:4px 0 0;padding-left:20px}.how li{margin:4px 0}
input.file{display:block;width:100%;font:inherit;font-size:14px;padding:8px 0}input.file:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.thumbs{list-style:none;margin:8px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:8px}.thumbs li{position:relative;width:88px}
.thumbs img{display:block;width:88px;height:88px;object-fit:cover;border-radius:8px;background:#e5e7eb}
.thumbs button{position:absolute;top:4px;right:4px;width:32px;height:32px;margin:0;padding:0;border-radius:16px;background:#111827;color:#fff;font-size:18px;line-height:32px}
.thumbs progress{display:block;width:88px;height:6px;margin-top:4px}.failed{margin:12px 0 0;padding-left:20px;color:#b91c1c;text-align:left}`;
}

function layout(
  page: Pick<ReviewPage, 'branding' | 'storeName' | 'messages'> & Partial<Pick<ReviewPage, 'notice'>>,
  title: string,
  body: string,
  nonce: string,
  script = '',
  head = '',
): string {
  const logo = page.branding.logoUrl ? `<img src="${e(page.branding.logoUrl)}" alt="${e(page.storeName)}" decoding="async">` : `<span class="store">${e(page.storeName)}</span>`;
  return `<!DOCTYPE html>
<html lang="${e(page.messages.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="description" content="${e(page.messages.poweredBy(page.storeName))}">${head}
<title>${e(title)} – ${e(page.storeName)}</title><style nonce="${nonce}">${styles(page)}</style></head>
<body><main><div class="card"><div class="logo">${logo}</div>${body}</div>${noticeHtml(page, page.messages)}</main>${script}</body></html>`;
}

/** 'Comment nous recueillons les avis', folded (a summary a screen reader announces as a button), or the short line when the settings were not read. */
function noticeHtml(page: Partial<Pick<ReviewPage, 'notice'>>, m: ReviewPageCatalogue): string {
  if (!page.notice) return `<p class="note">${e(m.howCollected)}</p>`;
  return `<details class="how"><summary>${e(page.notice.heading)}</summary><ul>${page.notice.items.map((item) => `<li>${e(item)}</li>`).join('')}</ul></details>`;
}

/** What a used e-mail link's thank-you says again: the positive or negative message of its rating, and the site it was offered. */
export const doneOutcome = (page: Pick<ReviewPage, 'doneRating' | 'doneLink'>) => ({ rating: page.doneRating ?? undefined, publicReviewUrl: page.doneLink });

/** The thank-you block, also returned to the script after a submission. */
export function thankYouHtml(page: ReviewPage, outcome: { rating?: number; publicReviewUrl: string | null }): string {
  const m = page.messages;
  const extra = outcome.rating === undefined ? null : outcome.rating >= 4 ? page.texts.positive : page.texts.negative;
  const invite = outcome.publicReviewUrl ? `<p>${e(m.publicInvite)}</p><a class="btn" href="${e(outcome.publicReviewUrl)}" rel="noopener">${e(m.publicButton)}</a>` : '';
  return `<section class="done" aria-live="polite"><h1 tabindex="-1" id="done-title">${e(page.texts.thankYou)}</h1>${extra ? `<p>${e(extra)}</p>` : ''}${invite}</section>`;
}

/** A photo not kept (decision 058): its place among those the customer sent, and why. */
export interface PhotoFailure {
  n: number;
  reason: PhotoRefusal;
}

/** A catalogue's template with its `{name}` places filled. */
export const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/** What the page says of photos not kept: the review itself is saved. */
function photoFailuresHtml(m: ReviewPageCatalogue, failures: readonly PhotoFailure[]): string {
  if (failures.length === 0) return '';
  const items = failures.map(({ n, reason }) => `<li>${e(fill(m.photos.failed, { n, reason: m.photos.reasons[reason] }))}</li>`).join('');
  return `<p role="status">${e(m.photos.reviewSaved)}</p><ul class="failed">${items}</ul>`;
}

export interface FormState {
  rating?: number;
  name?: string;
  email?: string;
  comment?: string;
  error?: string;
  /** The answer to « Je n'ai pas encore reçu ma commande », shown above the form (which stays). */
  postponed?: { message: string; ok: boolean };
}

export interface RenderOptions {
  /**
   * False for the merchant's preview (POST /api/branding/preview): shown in a sandboxed frame that
   * runs no script and submits nothing, it is the same page without its script.
   */
  script?: boolean;
}

export function reviewFormHtml(page: ReviewPage, nonce: string, state: FormState = {}, options: RenderOptions = {}): string {
  const m = page.messages;
  const name = state.name ?? page.prefill.name;
  const email = state.email ?? page.prefill.email;
  const chosen = state.rating ? page.actions[state.rating] : undefined;
  const commentLabel = chosen?.type === 'collect_feedback' && chosen.feedbackMessage ? chosen.feedbackMessage : m.comment;
  const stars = [5, 4, 3, 2, 1]
    .map(
      (r) =>
        `<input type="radio" id="r${r}" name="rating" value="${r}"${state.rating === r ? ' checked' : ''} required><label for="r${r}" title="${m.stars(r)}"><span aria-hidden="true">★</span><span class="sr">${m.stars(r)}</span></label>`,
    )
    .join('');
  const data = {
    labels: { comment: m.comment, sending: m.sending, submitError: m.submitError, nameEmailRequired: m.nameEmailRequired, ratingRequired: m.ratingRequired },
    photos: { ...m.photos, maxBytes: REVIEW_PHOTO_LIMITS.maxBytes, perReview: REVIEW_PHOTO_LIMITS.perReview, types: REVIEW_PHOTO_TYPES },
    feedback: Object.fromEntries(Object.entries(page.actions).map(([r, a]) => [r, a.type === 'collect_feedback' ? a.feedbackMessage : null])),
  };
  const status = state.postponed ? `<p class="status${state.postponed.ok ? '' : ' info'}" role="status">${e(state.postponed.message)}</p>` : '';
  const body = `${status}<h1>${e(page.texts.title)}</h1>${page.texts.description ? `<p class="intro">${e(page.texts.description)}</p>` : ''}
<form id="review" method="post" action="${postTo(page)}" enctype="multipart/form-data">
<fieldset><legend>${e(m.ratingLegend)}</legend><div class="stars">${stars}</div></fieldset>
<label class="f" for="name">${e(m.name)}</label><input class="t" id="name" name="name" autocomplete="name" maxlength="120" required value="${e(name)}">
<label class="f" for="email">${e(m.email)}</label><input class="t" id="email" name="email" type="email" autocomplete="email" maxlength="254" required value="${e(email)}">
<label class="f" for="comment" id="comment-label">${e(commentLabel)}</label><textarea id="comment" name="comment" maxlength="5000">${e(state.comment ?? '')}</textarea>
<label class="f" for="photos">${e(m.photos.label)}</label><input class="file" type="file" id="photos" name="photos" accept="${REVIEW_PHOTO_TYPES.join(',')}" multiple aria-describedby="photos-hint">
<p class="hint" id="photos-hint">${e(m.photos.hint)}</p><ul class="thumbs" id="thumbs"></ul>
<p class="msg" id="msg" role="alert">${state.error ? e(state.error) : ''}</p>
<button type="submit" id="submit">${e(page.texts.button)}</button></form>${page.postpone && !state.postponed ? postponeFormHtml(page) : ''}`;
  const script =
    options.script === false
      ? ''
      : `<script type="application/json" id="review-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script><script nonce="${nonce}">${REVIEW_PAGE_SCRIPT}</script>`;
  return layout(page, page.texts.title, body, nonce, script);
}

/**
 * Where the page's forms post: the link, with the page's language (the request's). A post refused
 * before the link is read (too many attempts) answers in it without reading the request (routes.ts).
 */
const postTo = (page: ReviewPage, rest = '') => `/review/${e(page.token)}${rest}?langue=${e(page.messages.lang)}`;

/** « Je n'ai pas encore reçu ma commande »: a plain form post (no script needed), under the rating form, never instead of it. */
function postponeFormHtml(page: ReviewPage): string {
  const m = page.messages;
  return `<form class="later" method="post" action="${postTo(page, '/postpone')}"><p>${e(m.postpone.question)}</p><button type="submit" class="sec">${e(m.postpone.button)}</button></form>`;
}

/** « le 12 mars 2026 », « le 1er avril 2026 » as a French reader expects it (Paris time: the customers are French-speaking). */
export const frenchDate = (date: Date) => formatDate(date, { timeZone: 'Europe/Paris' });

/**
 * The time zone the page's dates are written in: the stores are in France, whatever their customers'
 * language (a German customer of a Lyon shop reads the date the shop means).
 */
export const PAGE_TIME_ZONE = 'Europe/Paris';

/** The sentence for a postponement's outcome, in the page's language. */
export function postponeMessage(outcome: PostponeOutcome, page: Pick<ReviewPage, 'messages' | 'locale'>): { message: string; ok: boolean } {
  const m = page.messages;
  if (outcome.postponed) return { message: m.postpone.done(m.date(outcome.until, page.locale, PAGE_TIME_ZONE)), ok: true };
  const message = {
    reviewed: m.postpone.reviewed,
    follow_up_sent: m.postpone.followUpSent,
    unsubscribed: m.postpone.unsubscribed,
    not_sent: m.postpone.notSent,
    withdrawn: m.postpone.withdrawn,
  }[outcome.reason];
  return { message, ok: false };
}

export function thankYouPageHtml(page: ReviewPage, nonce: string, outcome: { rating?: number; publicReviewUrl: string | null }, failures: readonly PhotoFailure[] = []): string {
  return layout(page, page.texts.thankYou, thankYouHtml(page, outcome) + photoFailuresHtml(page.messages, failures), nonce);
}

/**
 * After a form post without JavaScript: thanks, then on to the review site (a link if the refresh does
 * not run). A photo not kept holds the page there, so the customer reads which and why.
 */
export function redirectPageHtml(page: ReviewPage, nonce: string, url: string, failures: readonly PhotoFailure[] = []): string {
  const body = `<section class="done"><h1>${e(page.texts.thankYou)}</h1>${photoFailuresHtml(page.messages, failures)}<a class="btn" href="${e(url)}" rel="noopener">${e(page.messages.continueToSite)}</a></section>`;
  return layout(page, page.texts.thankYou, body, nonce, '', failures.length ? '' : `<meta http-equiv="refresh" content="0;url=${e(url)}">`);
}

/** A page for a link that cannot be used (invalid token, store gone, load error), in `messages`' language. */
export function errorPageHtml(message: string, nonce: string, messages: ReviewPageCatalogue = reviewPageMessages): string {
  const page = { branding: { logoUrl: null, primaryColor: null, buttonBgColor: null, buttonTextColor: null }, storeName: 'Avis clients', messages };
  return layout(page, message, `<section class="done"><h1>${e(message)}</h1></section>`, nonce);
}

export function outcomeForPage(outcome: ReviewOutcome) {
  return outcome.next === 'thanks' ? { rating: outcome.rating, publicReviewUrl: outcome.publicReviewUrl } : null;
}
