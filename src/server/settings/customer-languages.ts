/**
 * The store's customer languages (decision 056): its default language and the languages it serves,
 * and how many of its recent orders came in a language it does not serve (their customers are asked
 * in the default language) or serves without a template of the merchant's (decision 057), so the
 * merchant sees what a choice means for their customers.
 */
import { eq, sql } from 'drizzle-orm';
import { queryRows, type Database, type Queryable } from '#db/client';
import { shopifyStores } from '#db/schema';
import { CUSTOMER_LANGUAGES, isCustomerLanguage, type CustomerLanguage } from '#core/customer-language';
import { CUSTOMER_LANGUAGE_WINDOW_DAYS, type CustomerLanguages, type CustomerLanguagesInput } from '#core/api/settings';
import { DomainError } from '../domain-error';

export async function readCustomerLanguages(db: Queryable, storeId: string, now = new Date()): Promise<CustomerLanguages> {
  const [store] = await db
    .select({ defaultLanguage: shopifyStores.defaultCustomerLanguage, languages: shopifyStores.customerLanguages })
    .from(shopifyStores)
    .where(eq(shopifyStores.id, storeId));
  if (!store) throw new DomainError('no_store');
  const served = new Set<string>([store.defaultLanguage, ...store.languages]);
  const since = new Date(now.getTime() - CUSTOMER_LANGUAGE_WINDOW_DAYS * 86_400_000);
  const rows = await queryRows<{ language: string | null; orders: number }>(
    db,
    sql`SELECT split_part(customer_locale, '-', 1) AS language, count(*)::int AS orders
        FROM shopify_orders WHERE shop_id = ${storeId}::uuid AND coalesce(order_created_at, created_at) >= ${since}
        GROUP BY 1`,
  );
  const total = rows.reduce((sum, row) => sum + row.orders, 0);
  const templates = await queryRows<{ language: string }>(
    db,
    sql`SELECT DISTINCT language FROM email_templates WHERE shop_id = ${storeId}::uuid AND template_type = 'review_request' AND is_active`,
  );
  const written = new Set(templates.map((row) => row.language));
  const counted = rows
    .filter((row): row is { language: string; orders: number } => row.language !== null && row.language !== '')
    .map((row) => ({ language: row.language, orders: row.orders, share: row.orders / total }))
    .sort((a, b) => b.orders - a.orders || a.language.localeCompare(b.language));
  return {
    default_language: store.defaultLanguage,
    // In the shipped order, the default among them.
    languages: CUSTOMER_LANGUAGES.filter((language) => served.has(language)),
    unserved: counted.filter((row) => !served.has(row.language)),
    unwritten:
      written.size === 0
        ? []
        : counted.filter((row): row is typeof row & { language: CustomerLanguage } => isCustomerLanguage(row.language) && served.has(row.language) && !written.has(row.language)),
  };
}

export async function saveCustomerLanguages(db: Database, storeId: string, input: CustomerLanguagesInput): Promise<CustomerLanguages> {
  const languages: CustomerLanguage[] = CUSTOMER_LANGUAGES.filter((language) => language === input.default_language || input.languages.includes(language));
  const updated = await db
    .update(shopifyStores)
    .set({ defaultCustomerLanguage: input.default_language, customerLanguages: languages, updatedAt: new Date() })
    .where(eq(shopifyStores.id, storeId))
    .returning({ id: shopifyStores.id });
  if (updated.length === 0) throw new DomainError('no_store');
  return readCustomerLanguages(db, storeId);
}
