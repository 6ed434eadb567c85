/**
 * The demo shop's last three months: orders, the review request each fulfilled order got from the
 * default flow (3 days after fulfilment), what the customer did with its e-mail, and their review.
 * A plan only, without ids or tokens: seed-demo.ts stores it.
 *
 * Deterministic, so tests and screenshots are stable relative to `now`: each order's draws come from
 * a generator seeded by its day's distance from today and its place in that day, and ratings,
 * comments and followed links are dealt out over the reviews in the order they came in (names and
 * comments of customers abroad over each language's customers the same way). The same `now` gives the
 * same history, and an hour later only that hour's events are new. Anything that would happen after
 * `now` has not happened yet: today's later orders do not exist, recent sends are not opened yet, and
 * recent fulfilments' requests wait for their date.
 */
import { CUSTOMER_LANGUAGES, languageOf } from '#core/customer-language';
import { ARTICLE_PRICES, FIRST_NAMES, FOREIGN_COMMENTS, FOREIGN_NAMES, LAST_NAMES, REVIEW_COMMENTS, type ForeignLanguage } from './demo-data';

export type Rating = 1 | 2 | 3 | 4 | 5;

export interface DemoReviewPlan {
  rating: Rating;
  comment: string | null;
  createdAt: Date;
  /** When the customer followed the public review site's link offered after the review. */
  publicLinkFollowedAt: Date | null;
}

export interface DemoRequestPlan {
  status: 'scheduled' | 'sent' | 'opened' | 'completed' | 'failed';
  createdAt: Date;
  updatedAt: Date;
  scheduledAt: Date;
  sentAt: Date | null;
  openedAt: Date | null;
  visitedAt: Date | null;
  attempts: number;
  lastError: string | null;
  failureKind: 'permanent' | null;
  review: DemoReviewPlan | null;
}

export interface DemoOrderPlan {
  shopifyOrderId: string;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  /** The language the customer bought in, as Shopify records it (`customer_locale`, canonical). */
  customerLocale: string;
  totalPrice: string;
  financialStatus: 'paid' | 'refunded';
  createdAt: Date;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
  request: DemoRequestPlan | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Days of orders: sends start three to six days later, so the dashboard's 90 days are full from their first. */
export const HISTORY_DAYS = 95;
/** The default flow's delay after fulfilment (flow_configurations.delay_days' default). */
const FLOW_DELAY = 3 * DAY;
const SEED = 0x1a7e5;
const GOLDEN = (Math.sqrt(5) - 1) / 2;

/** mulberry32: small and fast, and its sequence depends only on its seed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function seedOf(...parts: number[]): number {
  let h = SEED;
  for (const part of parts) {
    h = Math.imul(h ^ part, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

const between = (random: () => number, min: number, max: number) => min + random() * (max - min);

function pick<T>(random: () => number, weighted: readonly (readonly [T, number])[]): T {
  let u = random() * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of weighted) {
    u -= weight;
    if (u < 0) return value;
  }
  return weighted[weighted.length - 1]![0];
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A pool shuffled once and dealt in turn: none comes back before all have been dealt. */
function dealer<T>(items: readonly T[], random: () => number): () => T {
  const deck = shuffled(items, random);
  let next = 0;
  return () => deck[next++ % deck.length]!;
}

/** The languages of customers abroad, each with its own `n` (its place among the shipped languages) for seeds. */
function byForeignLanguage<T>(make: (language: ForeignLanguage, n: number) => T): Record<ForeignLanguage, T> {
  return Object.fromEntries(CUSTOMER_LANGUAGES.flatMap((language, n) => (language === 'fr' ? [] : [[language, make(language, n)]]))) as Record<ForeignLanguage, T>;
}

/** Orders by UTC hour: French customers shop from morning to late evening, most after dinner. */
const HOUR_WEIGHTS = [1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 2, 3, 4, 4, 5, 6, 5, 5, 5, 5, 6, 7, 9, 10, 9, 6, 3].map((w, hour) => [hour, w] as const);
/** This shop's week: busiest on Sunday and Monday, quietest on Saturday (getUTCDay order, Sunday first). */
const WEEKDAY_FACTOR = [1.3, 1.2, 1, 1, 0.95, 0.85, 0.8];
/** Mostly delighted customers, as a shop with returning buyers has: four in five give 4 or 5. */
const RATINGS: readonly (readonly [Rating, number])[] = [
  [5, 0.62],
  [4, 0.21],
  [3, 0.08],
  [2, 0.045],
  [1, 0.045],
];
/** Who writes a comment: unhappy customers always say why (their rating asks them to). */
const COMMENT_SHARE: Record<Rating, number> = { 5: 0.72, 4: 0.8, 3: 0.9, 2: 1, 1: 1 };
/** Who follows the public review site's link once offered: mostly the happy ones. */
const FOLLOW_SHARE: Record<Rating, number> = { 5: 0.45, 4: 0.3, 3: 0.12, 2: 0.06, 1: 0.04 };
/**
 * Customers' locales, as Shopify records a checkout's: a French shop selling in Europe, French-speaking
 * customers first (Belgium, Switzerland, Quebec too), and about 13 % abroad, nearest markets first.
 */
export const CUSTOMER_LOCALES: readonly (readonly [string, number])[] = [
  ['fr', 0.8],
  ['fr-BE', 0.035],
  ['fr-CH', 0.025],
  ['fr-CA', 0.01],
  ['en-GB', 0.035],
  ['en', 0.015],
  ['de-DE', 0.03],
  ['nl-BE', 0.02],
  ['it-IT', 0.015],
  ['es-ES', 0.015],
];
/** What a mail server answers for an address that cannot receive (the sender keeps its answer, addresses masked). */
const BOUNCES = [
  { lastError: '550 5.1.1 <[adresse]>: Recipient address rejected: User unknown in virtual mailbox table', attempts: 1 },
  { lastError: '452 4.2.2 The email account that you tried to reach is over quota.', attempts: 5 },
] as const;

/** Orders on day `daysAgo`: a shop growing from about four a day to about nine, busier on Sundays, with a newsletter's rush. */
function ordersOn(daysAgo: number, date: Date): number {
  const random = generator(seedOf(daysAgo));
  const trend = 4 + 5 * (1 - daysAgo / HISTORY_DAYS);
  const rush = daysAgo >= 40 && daysAgo <= 42 ? 1.7 : 1;
  const expected = trend * WEEKDAY_FACTOR[date.getUTCDay()]! * rush + between(random, -2, 2);
  return Math.min(15, Math.max(2, Math.round(expected)));
}

function basket(random: () => number): string {
  const articles = pick(random, [
    [1, 6],
    [2, 3],
    [3, 1],
  ]);
  let cents = 0;
  for (let i = 0; i < articles; i++) cents += Math.round(Number(ARTICLE_PRICES[Math.floor(random() * ARTICLE_PRICES.length)]!) * 100);
  // Shipping is free from 60 €.
  if (cents < 6000) cents += 490;
  return (cents / 100).toFixed(2);
}

interface Draft extends Omit<DemoOrderPlan, 'shopifyOrderId' | 'orderNumber' | 'customerName' | 'customerEmail'> {
  /** How long the reviewer would take to follow the public site's link, if they do. */
  followDelay: number;
}

/** A step of the request's life: only its own fields, checked. */
const set = (request: DemoRequestPlan, step: Partial<DemoRequestPlan>) => Object.assign(request, step);

/** One order's life, every draw made up front so that what happened never shifts the draws after it. */
function draftOrder(random: () => number, createdAt: Date, now: Date): Draft {
  // Property order is evaluation order: each draw keeps its place in the order's sequence.
  const draw = {
    cancel: random(),
    cancelDelay: random(),
    slow: random(),
    fulfilDelay: random(),
    fulfilHour: random(),
    webhookDelay: random(),
    sendLag: random(),
    bounce: random(),
    bounceKind: random(),
    open: random(),
    openWhen: random(),
    openDelay: random(),
    visit: random(),
    visitDelay: random(),
    review: random(),
    reviewDelay: random(),
    followDelay: random(),
    basket: basket(random),
    // A new draw goes last: the ones before it keep their values, and so does every order's story.
    locale: random(),
  };
  const at = (date: Date, ms: number) => new Date(date.getTime() + ms);
  const happened = (date: Date) => date <= now;
  const draft: Draft = {
    customerLocale: pick(() => draw.locale, CUSTOMER_LOCALES),
    totalPrice: draw.basket,
    financialStatus: 'paid',
    createdAt,
    fulfilledAt: null,
    cancelledAt: null,
    request: null,
    followDelay: draw.followDelay,
  };

  // A few orders are cancelled and refunded before they ship: no review request for them.
  if (draw.cancel < 0.02) {
    const cancelledAt = at(createdAt, 1 * HOUR + draw.cancelDelay * 20 * HOUR);
    return happened(cancelledAt) ? { ...draft, financialStatus: 'refunded', cancelledAt } : draft;
  }
  // Shipped within one to three days, a few late ones within a week or more, during the workshop's
  // hours (7:00 to 17:00 UTC): the flow's sends follow three days later at the same hour, not at night.
  const shippingDay = Math.floor((createdAt.getTime() + (draw.slow < 0.97 ? 12 * HOUR + draw.fulfilDelay * 2.5 * DAY : 5 * DAY + draw.fulfilDelay * 4 * DAY)) / DAY) * DAY;
  const fulfilledAt = new Date(Math.max(shippingDay + 7 * HOUR + draw.fulfilHour * 10 * HOUR, createdAt.getTime() + 2 * HOUR));
  if (!happened(fulfilledAt)) return draft;
  draft.fulfilledAt = fulfilledAt;

  // The flow's request, created with the fulfilment, sent by the next hourly run after its date.
  const createdWith = at(fulfilledAt, 2_000 + draw.webhookDelay * 15_000);
  const scheduledAt = at(fulfilledAt, FLOW_DELAY);
  const request: DemoRequestPlan = {
    status: 'scheduled',
    createdAt: createdWith,
    updatedAt: createdWith,
    scheduledAt,
    sentAt: null,
    openedAt: null,
    visitedAt: null,
    attempts: 0,
    lastError: null,
    failureKind: null,
    review: null,
  };
  draft.request = request;
  if (!happened(scheduledAt)) return draft;
  // A due request is never left unsent: the demo's worker would send it at start.
  const sendAt = at(scheduledAt, 30_000 + draw.sendLag * 55 * MINUTE);
  const sentAt = happened(sendAt) ? sendAt : scheduledAt;
  if (draw.bounce < 0.015) {
    const { lastError, attempts } = BOUNCES[draw.bounceKind < 0.6 ? 0 : 1];
    set(request, { status: 'failed', attempts, lastError, failureKind: 'permanent', updatedAt: sentAt });
    return draft;
  }
  set(request, { status: 'sent', sentAt, attempts: 1, updatedAt: sentAt });

  // About half the e-mails are seen opening (the image fetched, or the page visited): within hours
  // for most, within days for the rest.
  if (draw.open >= 0.5) return draft;
  const openDelay =
    draw.openWhen < 0.45 ? 2 * MINUTE + draw.openDelay * 6 * HOUR : draw.openWhen < 0.8 ? 6 * HOUR + draw.openDelay * 42 * HOUR : 2 * DAY + draw.openDelay * 3 * DAY;
  const openedAt = at(sentAt, openDelay);
  if (!happened(openedAt)) return draft;
  set(request, { status: 'opened', openedAt, updatedAt: openedAt });

  // Most who open click through at once; some come back to the e-mail later.
  if (draw.visit >= 0.64) return draft;
  const visitedAt = at(openedAt, draw.visitDelay < 0.7 ? 10_000 + draw.visitDelay * 20 * MINUTE : 1 * HOUR + draw.visitDelay * 2 * DAY);
  if (!happened(visitedAt)) return draft;
  set(request, { visitedAt, updatedAt: visitedAt });

  if (draw.review >= 0.7) return draft;
  const reviewedAt = at(visitedAt, 40_000 + draw.reviewDelay * 8 * MINUTE);
  if (!happened(reviewedAt)) return draft;
  // Rating, comment and the public site's link are the reviewer's, settled with the others' (demoHistory).
  set(request, { status: 'completed', updatedAt: reviewedAt, review: { rating: 5, comment: null, createdAt: reviewedAt, publicLinkFollowedAt: null } });
  return draft;
}

/** `first.last.N@exemple.test`, accents dropped: the reserved .test domain never receives mail. */
const emailOf = (name: string, n: number) =>
  `${name.split(' ').join('.')}.${n}@exemple.test`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** The demo shop's history up to `now`, oldest order first (#1001). */
export function demoHistory(now: Date, options: { merchantName: string }): DemoOrderPlan[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const drafts: Draft[] = [];
  for (let daysAgo = HISTORY_DAYS - 1; daysAgo >= 0; daysAgo--) {
    const date = new Date(today - daysAgo * DAY);
    const count = ordersOn(daysAgo, date);
    for (let slot = 0; slot < count; slot++) {
      const random = generator(seedOf(daysAgo, slot + 1));
      const createdAt = new Date(date.getTime() + pick(random, HOUR_WEIGHTS) * HOUR + Math.floor(random() * 3600) * 1000);
      if (createdAt <= now) drafts.push(draftOrder(random, createdAt, now));
    }
  }
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  // One customer per order, never the merchant: names stay unique, so each is found by the search. A
  // French-speaking customer takes the French name of their order's place in the history, a customer
  // abroad the next name of their language's list, shuffled once.
  const combined = (firsts: readonly string[], lasts: readonly string[]) => firsts.flatMap((first) => lasts.map((last) => `${first} ${last}`));
  const names = shuffled(
    combined(FIRST_NAMES, LAST_NAMES).filter((name) => name !== options.merchantName),
    generator(SEED),
  );
  const foreignNames = byForeignLanguage((language, n) => dealer(combined(FOREIGN_NAMES[language].first, FOREIGN_NAMES[language].last), generator(seedOf(0xa0, n))));
  // Reviews in the order they came in. Ratings, and within a rating who comments and who follows the
  // public site's link, follow the golden ratio's sequence rather than independent draws: a hundred
  // reviews hold the shares above (a few 1s and 2s, happy customers following more) whatever the day.
  // Comments come from each rating's pool, shuffled once: none repeats while it lasts. Customers abroad
  // write in their language, from its happy pool (4 and 5 stars) or its unhappy one, in place of the
  // French comment dealt to them: a French reviewer's comment does not depend on who wrote from abroad.
  const spread = (offset: number, k: number) => (offset + k * GOLDEN) % 1;
  const comments = Object.fromEntries(([1, 2, 3, 4, 5] as const).map((r) => [r, dealer(REVIEW_COMMENTS[r], generator(seedOf(0xc0, r)))])) as Record<Rating, () => string>;
  const foreignComments = byForeignLanguage((language, n) => ({
    happy: dealer(FOREIGN_COMMENTS[language].happy, generator(seedOf(0xc1, n, 1))),
    unhappy: dealer(FOREIGN_COMMENTS[language].unhappy, generator(seedOf(0xc1, n, 2))),
  }));
  const seen: Record<Rating, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  const reviewed = drafts.filter((d) => d.request?.review).sort((a, b) => a.request!.review!.createdAt.getTime() - b.request!.review!.createdAt.getTime());
  reviewed.forEach(({ request, followDelay, customerLocale }, k) => {
    const review = request!.review!;
    const rating = pick(() => spread(0.5, k), RATINGS);
    const nth = seen[rating]++;
    const followedAt = new Date(review.createdAt.getTime() + 5_000 + followDelay * 90_000);
    review.rating = rating;
    review.publicLinkFollowedAt = spread(0.25, nth) < FOLLOW_SHARE[rating] && followedAt <= now ? followedAt : null;
    if (spread(0.8, nth) >= COMMENT_SHARE[rating]) return;
    const french = comments[rating]();
    const language = languageOf(customerLocale);
    review.comment = language === 'fr' ? french : foreignComments[language][rating >= 4 ? 'happy' : 'unhappy']();
  });

  return drafts.map(({ followDelay: _followDelay, ...draft }, i) => {
    const language = languageOf(draft.customerLocale);
    const customerName = language === 'fr' ? names[i % names.length]! : foreignNames[language]();
    return { ...draft, shopifyOrderId: String(5_000_000 + i), orderNumber: `#${1001 + i}`, customerName, customerEmail: emailOf(customerName, i) };
  });
}
