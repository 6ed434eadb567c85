/**
 * The store's notification and sending settings (table store_email_config, one row per store):
 * where merchant alerts go by default, how many review e-mails may leave per day and the window of
 * one ask per customer. Until saved, the defaults: the account's own address, 1,000 a day, 30 days.
 */
import { eq } from 'drizzle-orm';
import type { Database, Queryable } from '#db/client';
import { shopifyStores, storeEmailConfig, user } from '#db/schema';
import { CUSTOMER_ASK_WINDOW, DAILY_SEND_LIMIT, type SettingsInput, type StoreSettings } from '#core/api/settings';
import { DomainError } from '../domain-error';

export async function readSettings(db: Queryable, storeId: string): Promise<StoreSettings> {
  const [row] = await db
    .select({
      accountEmail: user.email,
      ownerEmail: storeEmailConfig.ownerNotificationEmail,
      dailyLimit: storeEmailConfig.dailySendLimit,
      window: storeEmailConfig.customerAskWindowDays,
      configId: storeEmailConfig.id,
    })
    .from(shopifyStores)
    .innerJoin(user, eq(user.id, shopifyStores.userId))
    .leftJoin(storeEmailConfig, eq(storeEmailConfig.shopId, shopifyStores.id))
    .where(eq(shopifyStores.id, storeId));
  if (!row) throw new DomainError('no_store');
  return {
    owner_notification_email: row.ownerEmail || row.accountEmail,
    daily_send_limit: row.dailyLimit ?? DAILY_SEND_LIMIT.default,
    customer_ask_window_days: row.window ?? CUSTOMER_ASK_WINDOW.default,
    unsubscribe_enabled: true,
    saved: row.configId !== null,
  };
}

/** An upsert on the store (docs/product/calls.md); the sender reads the limit at each claim, so it applies from its next run. */
export async function saveSettings(db: Database, storeId: string, input: SettingsInput): Promise<StoreSettings> {
  const values = {
    ownerNotificationEmail: input.owner_notification_email,
    dailySendLimit: input.daily_send_limit,
    ...(input.customer_ask_window_days === undefined ? {} : { customerAskWindowDays: input.customer_ask_window_days }),
    updatedAt: new Date(),
  };
  await db
    .insert(storeEmailConfig)
    .values({ shopId: storeId, ...values })
    .onConflictDoUpdate({ target: storeEmailConfig.shopId, set: values });
  return readSettings(db, storeId);
}
