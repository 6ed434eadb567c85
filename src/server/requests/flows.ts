/** Flow configurations (docs/product/entities.md, docs/product/validation.md, docs/product/limits.md): list, create, update, delete, always within the active store. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client';
import { flowConfigurations, shopifyReviewRequests } from '#db/schema';
import type { FlowInput } from '#core/api/flows';
import { UNSENT_IDLE_STATUSES } from '#core/domain';
import { DomainError } from '../domain-error';
import type { TenantStore } from '../stores/tenancy';

type FlowRow = typeof flowConfigurations.$inferSelect;

export function flowDto(f: FlowRow) {
  return {
    id: f.id,
    shopify_store_id: f.shopId,
    name: f.name,
    trigger_event: f.triggerEvent,
    delay_days: f.delayDays,
    channels: f.channels,
    target_all_orders: f.targetAllOrders,
    minimum_order_amount: Number(f.minimumOrderAmount),
    reminder_days: f.reminderDays,
    is_active: f.isActive,
    created_at: f.createdAt,
    updated_at: f.updatedAt,
  };
}

const columns = (input: FlowInput) => ({
  name: input.name,
  triggerEvent: input.trigger_event,
  delayDays: input.delay_days,
  channels: input.channels,
  targetAllOrders: input.target_all_orders,
  minimumOrderAmount: input.minimum_order_amount.toFixed(2),
  reminderDays: input.reminder_days,
  isActive: input.is_active,
});

/** The store's flows, oldest first. */
export async function listFlows(db: Queryable, store: TenantStore) {
  const flows = await db.select().from(flowConfigurations).where(eq(flowConfigurations.shopId, store.id)).orderBy(asc(flowConfigurations.createdAt), asc(flowConfigurations.id));
  return {
    stores: [{ id: store.id, shop_domain: store.shop_domain, shop_name: store.shop_name, is_active: store.is_active }],
    store_id: store.id,
    flows: flows.map(flowDto),
  };
}

export async function createFlow(db: Queryable, storeId: string, input: FlowInput) {
  const [flow] = await db
    .insert(flowConfigurations)
    .values({ shopId: storeId, ...columns(input) })
    .returning();
  return flowDto(flow!);
}

/** The flow's id when it belongs to the store; a flow of another store is not found. */
async function storeFlow(db: Queryable, storeId: string, flowId: string) {
  const [row] = await db
    .select({ id: flowConfigurations.id })
    .from(flowConfigurations)
    .where(and(eq(flowConfigurations.id, flowId), eq(flowConfigurations.shopId, storeId)));
  if (!row) throw new DomainError('flow_not_found');
  return row.id;
}

/**
 * Saves a flow. Switching it off (or its e-mail channel) stops what it scheduled and has not sent,
 * as deleting it does: the merchant stopped that campaign.
 */
export async function updateFlow(db: Database, storeId: string, flowId: string, input: FlowInput) {
  const id = await storeFlow(db, storeId, flowId);
  return db.transaction(async (tx) => {
    const [flow] = await tx
      .update(flowConfigurations)
      .set({ ...columns(input), updatedAt: new Date() })
      .where(eq(flowConfigurations.id, id))
      .returning();
    if (!input.is_active || !input.channels.email) await cancelPendingOfFlow(tx, id);
    return flowDto(flow!);
  });
}

/** Deleting a flow also cancels its requests not sent yet: the merchant stopped that campaign. */
export async function deleteFlow(db: Database, storeId: string, flowId: string) {
  const id = await storeFlow(db, storeId, flowId);
  await db.transaction(async (tx) => {
    await cancelPendingOfFlow(tx, id);
    await tx.delete(flowConfigurations).where(eq(flowConfigurations.id, id));
  });
}

async function cancelPendingOfFlow(tx: Queryable, flowId: string) {
  await tx
    .update(shopifyReviewRequests)
    .set({ status: 'cancelled', withdrawnReason: 'flow_stopped', updatedAt: new Date() })
    .where(and(eq(shopifyReviewRequests.flowId, flowId), inArray(shopifyReviewRequests.status, [...UNSENT_IDLE_STATUSES])));
}
