/** Flow configurations (spec sections 3, 5, 9): list, create, update, delete, always for the owner's stores. */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../../db/client';
import { flowConfigurations, shopifyReviewRequests, shopifyStores } from '../../db/schema';
import { TRIGGER_EVENTS, UNSENT_IDLE_STATUSES } from '../../core/domain';
import { FLOW_LIMITS } from '../../core/flow-limits';
import { ApiError } from '../http/errors';

export const flowMessages = {
  nameRequired: 'Le nom du flux est requis',
  nameTooLong: 'Le nom du flux ne peut pas dépasser 100 caractères',
  trigger: 'Le déclencheur doit être « commande payée » ou « commande expédiée »',
  delay: 'Le délai doit être un nombre entier de jours, positif ou nul (365 au plus)',
  minimum: 'Le montant minimum doit être un nombre positif ou nul',
  minimumTooLarge: 'Le montant minimum ne peut pas dépasser 1 000 000 000',
  whatsapp: "WhatsApp n'est pas encore disponible",
  notFound: 'Flux introuvable',
  noStore: 'Aucune boutique Shopify connectée',
};

const m = flowMessages;

export const flowInput = z.object({
  name: z.string({ message: m.nameRequired }).trim().min(1, m.nameRequired).max(FLOW_LIMITS.nameMax, m.nameTooLong),
  trigger_event: z.enum(TRIGGER_EVENTS, { message: m.trigger }),
  delay_days: z.number({ message: m.delay }).int(m.delay).min(0, m.delay).max(FLOW_LIMITS.maxDelayDays, m.delay),
  channels: z.object({ email: z.boolean(), whatsapp: z.literal(false, { message: m.whatsapp }) }),
  target_all_orders: z.boolean(),
  minimum_order_amount: z.number({ message: m.minimum }).finite(m.minimum).min(0, m.minimum).max(FLOW_LIMITS.maxMinimumAmount, m.minimumTooLarge),
  is_active: z.boolean(),
});
export const newFlowInput = flowInput.extend({ shopify_store_id: z.string().uuid({ message: m.noStore }) });
export type FlowInput = z.infer<typeof flowInput>;

type FlowRow = typeof flowConfigurations.$inferSelect;

export function flowDto(f: FlowRow) {
  return {
    id: f.id,
    shopify_store_id: f.shopifyStoreId,
    name: f.name,
    trigger_event: f.triggerEvent,
    delay_days: f.delayDays,
    channels: f.channels,
    target_all_orders: f.targetAllOrders,
    minimum_order_amount: Number(f.minimumOrderAmount),
    is_active: f.isActive,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

const columns = (input: FlowInput) => ({
  name: input.name,
  triggerEvent: input.trigger_event,
  delayDays: input.delay_days,
  channels: input.channels,
  targetAllOrders: input.target_all_orders,
  minimumOrderAmount: input.minimum_order_amount.toFixed(2),
  isActive: input.is_active,
});

export async function userStores(db: Queryable, userId: string) {
  return db
    .select({ id: shopifyStores.id, shop_domain: shopifyStores.shopDomain, shop_name: shopifyStores.shopName, is_active: shopifyStores.isActive })
    .from(shopifyStores)
    .where(eq(shopifyStores.userId, userId))
    .orderBy(desc(shopifyStores.isActive), desc(shopifyStores.installedAt));
}

export async function listFlows(db: Queryable, userId: string, storeId?: string) {
  const stores = await userStores(db, userId);
  const store = storeId ? stores.find((s) => s.id === storeId) : stores[0];
  if (storeId && !store) throw new ApiError(404, m.noStore);
  const flows = store
    ? await db.select().from(flowConfigurations).where(eq(flowConfigurations.shopifyStoreId, store.id)).orderBy(asc(flowConfigurations.createdAt), asc(flowConfigurations.id))
    : [];
  return { stores, store_id: store?.id ?? null, flows: flows.map(flowDto) };
}

export async function createFlow(db: Queryable, userId: string, storeId: string, input: FlowInput) {
  const [store] = await db.select({ id: shopifyStores.id }).from(shopifyStores).where(and(eq(shopifyStores.id, storeId), eq(shopifyStores.userId, userId)));
  if (!store) throw new ApiError(404, m.noStore);
  const [flow] = await db.insert(flowConfigurations).values({ shopifyStoreId: store.id, ...columns(input) }).returning();
  return flowDto(flow!);
}

async function ownedFlow(db: Queryable, userId: string, flowId: string) {
  const [row] = await db
    .select({ id: flowConfigurations.id })
    .from(flowConfigurations)
    .innerJoin(shopifyStores, eq(shopifyStores.id, flowConfigurations.shopifyStoreId))
    .where(and(eq(flowConfigurations.id, flowId), eq(shopifyStores.userId, userId)));
  if (!row) throw new ApiError(404, m.notFound);
  return row.id;
}

/**
 * Saves a flow. Switching it off (or its e-mail channel) stops what it scheduled and has not sent,
 * as deleting it does: the merchant stopped that campaign.
 */
export async function updateFlow(db: Database, userId: string, flowId: string, input: FlowInput) {
  const id = await ownedFlow(db, userId, flowId);
  return db.transaction(async (tx) => {
    const [flow] = await tx.update(flowConfigurations).set({ ...columns(input), updatedAt: new Date() }).where(eq(flowConfigurations.id, id)).returning();
    if (!input.is_active || !input.channels.email) await cancelPendingOfFlow(tx, id);
    return flowDto(flow!);
  });
}

/** Deleting a flow also cancels its requests not sent yet: the merchant stopped that campaign. */
export async function deleteFlow(db: Database, userId: string, flowId: string) {
  const id = await ownedFlow(db, userId, flowId);
  await db.transaction(async (tx) => {
    await cancelPendingOfFlow(tx, id);
    await tx.delete(flowConfigurations).where(eq(flowConfigurations.id, id));
  });
}

async function cancelPendingOfFlow(tx: Queryable, flowId: string) {
  await tx
    .update(shopifyReviewRequests)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(and(eq(shopifyReviewRequests.flowId, flowId), inArray(shopifyReviewRequests.status, [...UNSENT_IDLE_STATUSES])));
}
