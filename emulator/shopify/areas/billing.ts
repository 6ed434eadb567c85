// Billing: app subscriptions created through the Admin API, the merchant's approval or refusal on the
// confirmation page, expiry of charges left pending, cancellation, and the test shortcut.
import type { EmulatorCore } from '../core';
import { addDays } from '../format';
import { appSubscriptionPayload } from '../payloads';
import type { AppSubscriptionRecord, ShopRecord, SubscriptionLineItemRecord } from '../types';
import { EmulatorError, PENDING_CHARGE_TTL_MS, assertHttpUrl, type NewAppSubscriptionInput, type UserError } from './shared';

export function createAppSubscription(
  core: EmulatorCore,
  shop: ShopRecord,
  input: NewAppSubscriptionInput,
): { subscription: AppSubscriptionRecord | null; userErrors: UserError[] } {
  const errors: UserError[] = [];
  if (!input.name?.trim()) errors.push({ field: ['name'], message: "Name can't be blank" });
  try {
    assertHttpUrl(input.returnUrl, 'returnUrl');
  } catch {
    errors.push({ field: ['returnUrl'], message: 'Return url is invalid' });
  }
  const trialDays = input.trialDays ?? 0;
  if (!Number.isInteger(trialDays) || trialDays < 0 || trialDays > 1000) errors.push({ field: ['trialDays'], message: 'Trial days must be between 0 and 1000' });
  if (!input.lineItems?.length) errors.push({ field: ['lineItems'], message: "Line items can't be blank" });
  const items: SubscriptionLineItemRecord[] = [];
  (input.lineItems ?? []).forEach((li, i) => {
    const rec = li.plan.appRecurringPricingDetails;
    const usage = li.plan.appUsagePricingDetails;
    if (!!rec === !!usage) {
      errors.push({ field: ['lineItems', String(i), 'plan'], message: 'A plan must have exactly one of appRecurringPricingDetails or appUsagePricingDetails' });
      return;
    }
    if (rec) {
      const cents = decimalToCents(rec.price.amount);
      if (cents === null || cents <= 0) {
        errors.push({ field: ['lineItems', String(i), 'plan', 'appRecurringPricingDetails', 'price', 'amount'], message: 'Price must be greater than 0' });
        return;
      }
      const d = rec.discount;
      items.push({
        id: core.store.nextId(),
        kind: 'recurring',
        amountCents: cents,
        currency: rec.price.currencyCode,
        interval: rec.interval === 'ANNUAL' ? 'ANNUAL' : 'EVERY_30_DAYS',
        discount: d
          ? {
              durationLimitInIntervals: d.durationLimitInIntervals ?? null,
              amountCents: d.value?.amount !== undefined && d.value?.amount !== null ? decimalToCents(d.value.amount) : null,
              percentage: d.value?.percentage ?? null,
            }
          : null,
      });
    } else if (usage) {
      const cents = decimalToCents(usage.cappedAmount.amount);
      if (cents === null || cents <= 0) {
        errors.push({ field: ['lineItems', String(i), 'plan', 'appUsagePricingDetails', 'cappedAmount', 'amount'], message: 'Capped amount must be greater than 0' });
        return;
      }
      items.push({ id: core.store.nextId(), kind: 'usage', cappedCents: cents, currency: usage.cappedAmount.currencyCode, terms: usage.terms, balanceUsedCents: 0 });
    }
  });
  if (items.filter((i) => i.kind === 'recurring').length > 1 || items.filter((i) => i.kind === 'usage').length > 1) {
    errors.push({ field: ['lineItems'], message: 'At most one recurring and one usage line item are allowed' });
  }
  if (errors.length > 0) return { subscription: null, userErrors: errors };
  const now = core.nowIso();
  const sub: AppSubscriptionRecord = {
    id: core.store.nextId(),
    shop: shop.domain,
    name: input.name.trim(),
    status: 'PENDING',
    test: input.test ?? false,
    trialDays,
    returnUrl: input.returnUrl,
    createdAt: now,
    updatedAt: now,
    activatedAt: null,
    currentPeriodEnd: null,
    lineItems: items,
  };
  core.state.appSubscriptions.push(sub);
  core.commit();
  return { subscription: sub, userErrors: [] };
}

export function confirmationUrl(core: EmulatorCore, sub: AppSubscriptionRecord): string {
  return `${core.baseUrl}/store/${sub.shop}/admin/charges/${sub.id}/confirm`;
}

export function requireAppSubscription(core: EmulatorCore, shopDomain: string, id: number | string): AppSubscriptionRecord {
  core.expireStaleCharges();
  const shop = core.requireShop(shopDomain);
  const n = typeof id === 'number' ? id : Number(String(id).replace(/^gid:\/\/shopify\/AppSubscription\//, ''));
  const sub = core.state.appSubscriptions.find((s) => s.id === n && s.shop === shop.domain);
  if (!sub) throw new EmulatorError(404, `unknown app subscription ${id} on ${shop.domain}`);
  return sub;
}

/**
 * An active recurring subscription without the confirmation page (test and demo shortcut, like
 * installDirect): what an approved charge leaves behind, with the period end the caller gives.
 * Any other active subscription of the shop is cancelled, as an approval does.
 */
export function subscribeDirect(
  core: EmulatorCore,
  shopDomain: string,
  input: { name: string; amountCents: number; currency: string; currentPeriodEnd: string; test?: boolean },
): AppSubscriptionRecord {
  const shop = core.requireShop(shopDomain);
  if (!core.isInstalled(shop)) throw new EmulatorError(409, `the app is not installed on ${shop.domain}`);
  const now = core.nowIso();
  for (const other of core.state.appSubscriptions) {
    if (other.shop === shop.domain && other.status === 'ACTIVE') {
      other.status = 'CANCELLED';
      other.updatedAt = now;
    }
  }
  const sub: AppSubscriptionRecord = {
    id: core.store.nextId(),
    shop: shop.domain,
    name: input.name,
    status: 'ACTIVE',
    test: input.test ?? true,
    trialDays: 0,
    returnUrl: `${core.baseUrl}/store/${shop.domain}/admin/apps`,
    createdAt: now,
    updatedAt: now,
    activatedAt: now,
    currentPeriodEnd: input.currentPeriodEnd,
    lineItems: [{ id: core.store.nextId(), kind: 'recurring', amountCents: input.amountCents, currency: input.currency, interval: 'EVERY_30_DAYS', discount: null }],
  };
  core.state.appSubscriptions.push(sub);
  core.commit();
  return sub;
}

/** The merchant approves a pending charge; returns the URL to send the browser to. */
export function approveAppSubscription(core: EmulatorCore, shopDomain: string, id: number | string): string {
  const sub = core.requireAppSubscription(shopDomain, id);
  const shop = core.requireShop(sub.shop);
  if (sub.status !== 'PENDING') throw new EmulatorError(409, `subscription ${sub.id} is ${sub.status}, not PENDING`);
  if (!core.isInstalled(shop)) throw new EmulatorError(409, `the app is not installed on ${shop.domain}`);
  const now = core.nowIso();
  for (const other of core.state.appSubscriptions) {
    if (other !== sub && other.shop === shop.domain && other.status === 'ACTIVE') {
      other.status = 'CANCELLED';
      other.updatedAt = now;
      core.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(other, shop));
    }
  }
  sub.status = 'ACTIVE';
  sub.activatedAt = now;
  const recurring = sub.lineItems.find((l) => l.kind === 'recurring');
  const periodDays = recurring && recurring.kind === 'recurring' && recurring.interval === 'ANNUAL' ? 365 : 30;
  sub.currentPeriodEnd = addDays(now, sub.trialDays + periodDays);
  sub.updatedAt = now;
  core.commit();
  core.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
  return withChargeId(sub);
}

/**
 * The merchant declines a pending charge. Like Shopify, the browser goes back to the shop's admin
 * (its apps page), not to the app's returnUrl: the app learns it from app_subscriptions/update or
 * by reading the subscriptions. Returns that admin URL.
 */
export function declineAppSubscription(core: EmulatorCore, shopDomain: string, id: number | string): string {
  const sub = core.requireAppSubscription(shopDomain, id);
  const shop = core.requireShop(sub.shop);
  if (sub.status !== 'PENDING') throw new EmulatorError(409, `subscription ${sub.id} is ${sub.status}, not PENDING`);
  sub.status = 'DECLINED';
  sub.updatedAt = core.nowIso();
  core.commit();
  core.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
  return `${core.adminUrl(shop)}?notice=charge_declined`;
}

/** Pending charges older than 2 days become EXPIRED (Shopify expires them), each with its update. */
export function expireStaleCharges(core: EmulatorCore): void {
  const cutoff = core.now().getTime() - PENDING_CHARGE_TTL_MS;
  for (const sub of core.state.appSubscriptions) {
    if (sub.status !== 'PENDING' || Date.parse(sub.createdAt) > cutoff) continue;
    sub.status = 'EXPIRED';
    sub.updatedAt = core.nowIso();
    core.commit();
    const shop = core.findShop(sub.shop);
    if (shop) core.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
  }
}

export function cancelAppSubscription(core: EmulatorCore, shop: ShopRecord, id: number | null): { subscription: AppSubscriptionRecord | null; userErrors: UserError[] } {
  const sub = core.state.appSubscriptions.find((s) => s.id === id && s.shop === shop.domain);
  if (!sub) return { subscription: null, userErrors: [{ field: ['id'], message: 'Subscription not found' }] };
  if (sub.status !== 'ACTIVE' && sub.status !== 'PENDING' && sub.status !== 'FROZEN') {
    return { subscription: null, userErrors: [{ field: ['id'], message: `Subscription is ${sub.status.toLowerCase()} and cannot be cancelled` }] };
  }
  sub.status = 'CANCELLED';
  sub.updatedAt = core.nowIso();
  core.commit();
  core.notify(shop, 'app_subscriptions/update', appSubscriptionPayload(sub, shop));
  return { subscription: sub, userErrors: [] };
}

function withChargeId(sub: AppSubscriptionRecord): string {
  const url = new URL(sub.returnUrl);
  url.searchParams.set('charge_id', String(sub.id));
  return url.toString();
}

function decimalToCents(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.round(value * 100) : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 100);
  return null;
}
