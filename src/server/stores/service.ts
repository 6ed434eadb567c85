import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '#db/client';
import { shopifyStores } from '#db/schema';
import type { SubscriptionStatus } from '#core/domain';

export interface StoreSummary {
  id: string;
  shop_domain: string;
  shop_name: string | null;
  is_active: boolean;
  subscription_status: SubscriptionStatus;
  installed_at: Date;
}

const summary = {
  id: shopifyStores.id,
  shop_domain: shopifyStores.shopDomain,
  shop_name: shopifyStores.shopName,
  is_active: shopifyStores.isActive,
  subscription_status: shopifyStores.subscriptionStatus,
  installed_at: shopifyStores.installedAt,
};

/** The user's active store, or null. Only one can be active (unique index). */
export async function findActiveStore(db: Queryable, userId: string): Promise<StoreSummary | null> {
  const [store] = await db
    .select(summary)
    .from(shopifyStores)
    .where(and(eq(shopifyStores.userId, userId), eq(shopifyStores.isActive, true)))
    .orderBy(desc(shopifyStores.installedAt))
    .limit(1);
  return store ?? null;
}

/** A shop's active store and the account it belongs to (one active store per shop: unique index), or null. */
export async function findActiveStoreOfShop(db: Queryable, shopDomain: string): Promise<{ store: StoreSummary; userId: string } | null> {
  const [row] = await db
    .select({ ...summary, user_id: shopifyStores.userId })
    .from(shopifyStores)
    .where(and(eq(shopifyStores.shopDomain, shopDomain), eq(shopifyStores.isActive, true)))
    .limit(1);
  if (!row) return null;
  const { user_id: userId, ...store } = row;
  return { store, userId };
}

/** The store the user connected last, active or not (its reviews stay theirs to read), or null. */
export async function findLastStore(db: Queryable, userId: string): Promise<StoreSummary | null> {
  const [store] = await db.select(summary).from(shopifyStores).where(eq(shopifyStores.userId, userId)).orderBy(desc(shopifyStores.installedAt)).limit(1);
  return store ?? null;
}

/** The name customers see for a store: its Shopify name, else its handle (maison-lumiere). */
export function storeDisplayName(shopName: string | null | undefined, shopDomain: string): string {
  return shopName || shopDomain.replace(/\.myshopify\.com$/, '');
}
