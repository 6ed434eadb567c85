import { describe, expect, it } from 'vitest';
import { appliesTo, type CurrentSubscription } from './service';

const OLD = 'gid://shopify/AppSubscription/1';
const NEW = 'gid://shopify/AppSubscription/2';
const t = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute));

describe('which subscription update changes the store (Shopify does not order deliveries)', () => {
  const activeOnOld: CurrentSubscription = { status: 'active', subscriptionId: OLD, updatedAt: t(0) };

  it('applies a newer state of the current subscription, not an older one', () => {
    expect(appliesTo(activeOnOld, { status: 'cancelled', subscriptionId: OLD, changedAt: t(5) })).toBe(true);
    const cancelled: CurrentSubscription = { status: 'cancelled', subscriptionId: OLD, updatedAt: t(5) };
    expect(appliesTo(cancelled, { status: 'active', subscriptionId: OLD, changedAt: t(0) })).toBe(false);
  });

  it('lets a new plan become active in either order, and ignores the old plan’s cancellation afterwards', () => {
    // The new plan's ACTIVE first, then the old one's CANCELLED (same instant).
    expect(appliesTo(activeOnOld, { status: 'active', subscriptionId: NEW, changedAt: t(10) })).toBe(true);
    const activeOnNew: CurrentSubscription = { status: 'active', subscriptionId: NEW, updatedAt: t(10) };
    expect(appliesTo(activeOnNew, { status: 'cancelled', subscriptionId: OLD, changedAt: t(10) })).toBe(false);
    // The other order: the old one's CANCELLED applies, then the new one's ACTIVE too.
    expect(appliesTo(activeOnOld, { status: 'cancelled', subscriptionId: OLD, changedAt: t(10) })).toBe(true);
    const cancelled: CurrentSubscription = { status: 'cancelled', subscriptionId: OLD, updatedAt: t(10) };
    expect(appliesTo(cancelled, { status: 'active', subscriptionId: NEW, changedAt: t(10) })).toBe(true);
    // An old ACTIVE replayed after the new plan: stale.
    expect(appliesTo(activeOnNew, { status: 'active', subscriptionId: OLD, changedAt: t(0) })).toBe(false);
  });

  it('keeps the active plan through a plan change that is pending, declined or expires', () => {
    expect(appliesTo(activeOnOld, { status: 'pending', subscriptionId: NEW, changedAt: t(5) })).toBe(false);
    expect(appliesTo(activeOnOld, { status: 'declined', subscriptionId: NEW, changedAt: t(6) })).toBe(false);
    expect(appliesTo(activeOnOld, { status: 'expired', subscriptionId: NEW, changedAt: t(6) })).toBe(false);
  });

  it('follows a store without a plan through its pending charge', () => {
    const none: CurrentSubscription = { status: 'inactive', subscriptionId: null, updatedAt: null };
    expect(appliesTo(none, { status: 'pending', subscriptionId: NEW })).toBe(true);
    const pending: CurrentSubscription = { status: 'pending', subscriptionId: NEW, updatedAt: t(1) };
    expect(appliesTo(pending, { status: 'declined', subscriptionId: NEW, changedAt: t(2) })).toBe(true);
    expect(appliesTo(none, { status: 'cancelled', subscriptionId: OLD, changedAt: t(2) })).toBe(true);
  });

  it('follows one subscription’s lifecycle whatever the clocks say: nothing leaves a final state, active never goes back to pending', () => {
    const pending: CurrentSubscription = { status: 'pending', subscriptionId: NEW, updatedAt: null };
    expect(appliesTo(pending, { status: 'active', subscriptionId: NEW })).toBe(true);
    const active: CurrentSubscription = { status: 'active', subscriptionId: NEW, updatedAt: null };
    expect(appliesTo(active, { status: 'pending', subscriptionId: NEW, changedAt: t(1) })).toBe(false);
    const declined: CurrentSubscription = { status: 'declined', subscriptionId: NEW, updatedAt: t(2) };
    expect(appliesTo(declined, { status: 'active', subscriptionId: NEW, changedAt: t(9) })).toBe(false);
    // Frozen and back: ordered by Shopify's times.
    const frozen: CurrentSubscription = { status: 'frozen', subscriptionId: NEW, updatedAt: t(20) };
    expect(appliesTo(frozen, { status: 'active', subscriptionId: NEW, changedAt: t(25) })).toBe(true);
    expect(appliesTo(frozen, { status: 'active', subscriptionId: NEW, changedAt: t(10) })).toBe(false);
  });

  it('applies a read of Shopify’s current state without a subscription id', () => {
    expect(appliesTo(activeOnOld, { status: 'cancelled' })).toBe(true);
  });
});
