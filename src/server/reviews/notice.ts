/**
 * 'Comment nous recueillons les avis' on the review page (EU Omnibus directive: a trader showing
 * reviews says whether and how it checks they come from real buyers; docs/product/stances.md: same path for
 * every rating). Generated from the store's real settings, never a fixed text: who is asked and when
 * (its active e-mail flows' triggers, delays, minimums and reminders), what follows a rating (the same
 * path, or honestly, routing by rating), that reviews are kept whatever their rating and never paid
 * for, whether this link ties the review to a real order, and so how the storefront shows it.
 */
import { sql } from 'drizzle-orm';
import type { TriggerEvent } from '#core/domain';
import { moneyIn } from '#core/customer-format';
import { languageOf } from '#core/customer-language';
import { formatMoney } from '#core/french-format';
import { queryRows, type Queryable } from '#db/client';
import { reviewPageMessages, type ReviewPageCatalogue } from '../messages/review-page';

type NoticeMessages = ReviewPageCatalogue['notice'];

export interface NoticeFlow {
  trigger: TriggerEvent;
  delayDays: number;
  reminderDays: number | null;
  /** The order minimum when the flow does not target every order (null: every order). */
  minimum: number | null;
  /** The shop's currency (ISO 4217), as its latest order states it: flows hold an amount only. */
  currency?: string | null;
}

/** How this page's link ties a review to a purchase: a request for an order, the store's shared link, or a one-off e-mail. */
export type NoticeLink = 'order' | 'shared' | 'no_order';

interface StoreFacts {
  flows: NoticeFlow[];
  samePath: boolean;
  /** Whether a public review site is configured (the link every reviewer is offered with the same path). */
  publicSite: boolean;
}

/**
 * The store's facts and this page's link. A link that is not an order's says how the storefront
 * treats a review without a verified purchase: shown or kept off, the store's choice (decision 044).
 */
export type NoticeFacts = StoreFacts & ({ link: 'order' } | { link: Exclude<NoticeLink, 'order'>; unverifiedShown: boolean });

export interface CollectionNotice {
  heading: string;
  items: string[];
}

/** The amount in the shop's currency (euros when no order told it yet), as the page's language writes it. */
function money(amount: number, currency: string | null | undefined, locale: string): string {
  const format = (code: string) =>
    languageOf(locale) === 'fr' ? formatMoney(amount, code, { minimumFractionDigits: 0, maximumFractionDigits: 2 }) : moneyIn(locale, amount, code);
  try {
    return format(currency || 'EUR');
  } catch {
    return format('EUR'); // a code Intl does not know
  }
}

function moment(flow: NoticeFlow, m: NoticeMessages, locale: string): string {
  const when = flow.delayDays === 0 ? m.soon[flow.trigger]! : m.after(flow.delayDays, m.events[flow.trigger]!);
  return flow.minimum !== null ? `${when} (${m.minimum(money(flow.minimum, flow.currency, locale))})` : when;
}

/** The notice in the page's language: `messages` and `locale` its request's (French by default: the merchant's preview). */
export function collectionNotice(facts: NoticeFacts, messages: ReviewPageCatalogue = reviewPageMessages, locale = 'fr'): CollectionNotice {
  const m = messages.notice;
  const moments = [...new Set(facts.flows.map((flow) => moment(flow, m, locale)))];
  const reminders = [...new Set(facts.flows.flatMap((f) => (f.reminderDays === null ? [] : [f.reminderDays])))].sort((a, b) => a - b);
  const items = [
    moments.length === 0 ? m.whoNoFlow : moments.length === 1 ? m.whoFlows(moments[0]!) : m.whoFlowsOnce(moments.join(m.or)),
    ...(reminders.length > 0 ? [m.reminder(reminders.map(m.reminderDays).join(m.or))] : []),
    facts.samePath ? (facts.publicSite ? m.samePathPublic : m.samePath) : m.byRating,
    m.kept,
    facts.link === 'order' ? m.verifiedOrder : facts.link === 'shared' ? m.sharedLink : m.noOrder,
    ...(facts.link === 'order' ? [] : [facts.unverifiedShown ? m.unverifiedShown : m.unverifiedKept]),
  ];
  return { heading: m.heading, items };
}

/** The store's active flows that send e-mails: who is asked, and when. */
export async function noticeFlows(db: Queryable, storeId: string): Promise<NoticeFlow[]> {
  const rows = await queryRows<{ trigger: TriggerEvent; delay_days: number; reminder_days: number | null; minimum: string | null; currency: string | null }>(
    db,
    sql`SELECT trigger_event AS trigger, delay_days, reminder_days,
               CASE WHEN target_all_orders OR minimum_order_amount <= 0 THEN NULL ELSE minimum_order_amount::text END AS minimum,
               (SELECT o.currency FROM shopify_orders o WHERE o.shop_id = ${storeId}::uuid AND o.currency IS NOT NULL
                ORDER BY o.order_created_at DESC NULLS LAST LIMIT 1) AS currency
        FROM flow_configurations
        WHERE shop_id = ${storeId}::uuid AND is_active AND coalesce((channels->>'email')::boolean, false)
        ORDER BY created_at, id`,
  );
  return rows.map((r) => ({
    trigger: r.trigger,
    delayDays: Number(r.delay_days),
    reminderDays: r.reminder_days === null ? null : Number(r.reminder_days),
    minimum: r.minimum === null ? null : Number(r.minimum),
    currency: r.currency,
  }));
}
