/**
 * What a read of Shopify's billing means for a store (decision 021). Pure: the same read always
 * gives the same verdict, whatever was recorded before and whatever order the webhooks came in.
 */
import type { SubscriptionStatus } from '#core/domain';
import type { ShopifyBilling, ShopifySubscription } from '../shopify/billing';

export interface BillingVerdict {
  /** The store's subscription status as recorded; only 'active' lets the sender send. */
  status: SubscriptionStatus;
  /** The subscription the status is about (the active one, else the frozen one, else the newest). */
  subscription: ShopifySubscription | null;
  /** The subscription whose plan the store is on, when one is active. */
  active: ShopifySubscription | null;
  /** A plan change Shopify refused or let expire while another plan stays active: said once to the merchant. */
  refused: { subscription: ShopifySubscription; kind: 'declined' | 'expired' } | null;
}

/** Shopify's AppSubscriptionStatus as stored. ACCEPTED (approved, starting later) waits like PENDING. */
const STATUSES: Record<string, SubscriptionStatus> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  ACCEPTED: 'pending',
  DECLINED: 'declined',
  EXPIRED: 'expired',
  FROZEN: 'frozen',
  CANCELLED: 'cancelled',
};

/** The number at the end of a gid (gid://shopify/AppSubscription/42 → 42n); Shopify's ids grow with time. */
const gidNumber = (id: string): bigint => {
  const digits = /(\d+)$/.exec(id)?.[1];
  return digits ? BigInt(digits) : 0n;
};

/** Newest first: by creation (Shopify stamps it to the second), then by id within the same second. */
const newestFirst = (a: ShopifySubscription, b: ShopifySubscription) => {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  const [x, y] = [gidNumber(a.id), gidNumber(b.id)];
  return x === y ? 0 : x < y ? 1 : -1;
};

/**
 * The store's state from Shopify's own answer:
 * - not installed (the token is refused): the plan ended ('cancelled');
 * - a subscription active: 'active' on its plan (the newest if Shopify reports several); a newer
 *   charge declined or expired is a refused plan change;
 * - else a frozen one: 'frozen' (Shopify froze the shop's billing; nothing is sent);
 * - else the newest subscription's status (pending while the merchant decides, declined, expired,
 *   cancelled), or 'inactive' when there was never one.
 */
export function billingVerdict(billing: ShopifyBilling): BillingVerdict {
  const none: BillingVerdict = { status: 'inactive', subscription: null, active: null, refused: null };
  if (!billing.installed) return { ...none, status: 'cancelled' };
  const all = [...billing.active, ...billing.recent];
  const active = all.filter((s) => s.status === 'ACTIVE').sort(newestFirst)[0] ?? null;
  const latest = [...billing.recent].sort(newestFirst)[0] ?? null;
  if (active) {
    const refused = latest && latest.id !== active.id && newestFirst(latest, active) < 0 && (latest.status === 'DECLINED' || latest.status === 'EXPIRED') ? latest : null;
    return { status: 'active', subscription: active, active, refused: refused ? { subscription: refused, kind: refused.status === 'DECLINED' ? 'declined' : 'expired' } : null };
  }
  const frozen = all.filter((s) => s.status === 'FROZEN').sort(newestFirst)[0];
  if (frozen) return { ...none, status: 'frozen', subscription: frozen };
  if (!latest) return none;
  return { ...none, status: STATUSES[latest.status] ?? 'inactive', subscription: latest };
}
