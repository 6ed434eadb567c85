// Rate limiting and injected faults: the shop's leaky bucket of GraphQL cost, forced THROTTLED
// answers, and faults set through the control API (../faults.ts).
import type { EmulatorCore } from '../core';
import type { Fault, FaultInput } from '../faults';
import { BUCKET_MAX, BUCKET_RESTORE_PER_S } from './shared';

/** The next `count` GraphQL calls (of one shop, or any) answer THROTTLED; replaces the previous count, 0 clears it. */
export function forceThrottle(core: EmulatorCore, count: number, shop?: string): void {
  const domain = shop ? core.normalizeDomain(shop) : undefined;
  for (const f of core.faults.list()) {
    if (f.fault === 'THROTTLED' && !f.operation && f.shop === domain) core.faults.clear({ id: f.id });
  }
  if (count > 0) core.faults.add({ fault: 'THROTTLED', shop: domain, count });
}

/** Adds a fault (control API); its shop must exist. */
export function injectFault(core: EmulatorCore, input: FaultInput): Fault {
  const shop = input.shop === undefined ? undefined : core.requireShop(input.shop).domain;
  return core.faults.add({ ...input, shop });
}

/** The shop's leaky bucket, restored up to now. */
export function bucket(core: EmulatorCore, shop: string): { available: number; at: number } {
  const nowMs = core.now().getTime();
  const b = core.buckets.get(shop) ?? { available: BUCKET_MAX, at: nowMs };
  const restored = Math.min(BUCKET_MAX, b.available + ((nowMs - b.at) / 1000) * BUCKET_RESTORE_PER_S);
  const next = { available: Math.max(0, restored), at: nowMs };
  core.buckets.set(shop, next);
  return next;
}
