import { describe, expect, it } from 'vitest';
import type { ShopifySubscription } from '../shopify/billing';
import { billingVerdict } from './verdict';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, seconds));
const sub = (id: number, name: string, status: string, created: number): ShopifySubscription => ({
  id: `gid://shopify/AppSubscription/${id}`,
  name,
  status,
  createdAt: at(created),
  periodEnd: status === 'ACTIVE' ? new Date(Date.UTC(2026, 11, 20)) : null,
});
const installed = (recent: ShopifySubscription[]) => ({ installed: true, active: recent.filter((s) => s.status === 'ACTIVE'), recent });

describe('billingVerdict: what Shopify says now, whatever came before', () => {
  it('not installed: the plan ended', () => {
    expect(billingVerdict({ installed: false, active: [], recent: [] })).toMatchObject({ status: 'cancelled', active: null, refused: null });
  });

  it('never subscribed: inactive', () => {
    expect(billingVerdict(installed([]))).toMatchObject({ status: 'inactive', subscription: null });
  });

  it('the active subscription wins over a newer pending one (a plan change awaiting approval never stops the sender)', () => {
    const verdict = billingVerdict(installed([sub(2, 'Pro', 'PENDING', 5), sub(1, 'Starter', 'ACTIVE', 0)]));
    expect(verdict).toMatchObject({ status: 'active', active: { name: 'Starter' }, refused: null });
  });

  it('a newer declined or expired charge beside an active plan is a refused plan change', () => {
    expect(billingVerdict(installed([sub(2, 'Pro', 'DECLINED', 5), sub(1, 'Starter', 'ACTIVE', 0)])).refused).toMatchObject({ kind: 'declined', subscription: { name: 'Pro' } });
    expect(billingVerdict(installed([sub(2, 'Pro', 'EXPIRED', 5), sub(1, 'Starter', 'ACTIVE', 0)])).refused).toMatchObject({ kind: 'expired' });
    // Older than the active plan: history, not news.
    expect(billingVerdict(installed([sub(2, 'Starter', 'ACTIVE', 5), sub(1, 'Pro', 'DECLINED', 0)])).refused).toBeNull();
  });

  it('two subscriptions of the same second: the higher id is the newer', () => {
    const verdict = billingVerdict({ installed: true, active: [sub(7, 'Enterprise', 'ACTIVE', 3), sub(8, 'Starter', 'ACTIVE', 3)], recent: [] });
    expect(verdict.active?.name).toBe('Starter');
  });

  it('without an active one: frozen, else the newest status (pending, declined, expired, cancelled)', () => {
    expect(billingVerdict(installed([sub(2, 'Pro', 'CANCELLED', 5), sub(1, 'Pro', 'FROZEN', 0)])).status).toBe('frozen');
    expect(billingVerdict(installed([sub(2, 'Pro', 'PENDING', 5), sub(1, 'Starter', 'CANCELLED', 0)])).status).toBe('pending');
    expect(billingVerdict(installed([sub(2, 'Pro', 'ACCEPTED', 5)])).status).toBe('pending');
    expect(billingVerdict(installed([sub(2, 'Pro', 'DECLINED', 5), sub(1, 'Starter', 'CANCELLED', 0)])).status).toBe('declined');
    expect(billingVerdict(installed([sub(2, 'Pro', 'EXPIRED', 5)])).status).toBe('expired');
    expect(billingVerdict(installed([sub(1, 'Starter', 'CANCELLED', 0)])).status).toBe('cancelled');
  });

  it('gives the same verdict whatever order Shopify lists them in', () => {
    const list = [sub(3, 'Pro', 'DECLINED', 9), sub(1, 'Starter', 'CANCELLED', 0), sub(2, 'Enterprise', 'ACTIVE', 4)];
    const verdicts = [list, [...list].reverse(), [list[1]!, list[2]!, list[0]!]].map((l) => billingVerdict(installed(l)));
    for (const v of verdicts) expect(v).toEqual(verdicts[0]);
  });
});
