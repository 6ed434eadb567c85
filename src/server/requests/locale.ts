/**
 * The locale a request is made in (#core/customer-language `requestLocale`), as the INSERT … SELECTs
 * that make requests compute it: `o` the order's row, `s` its store's. It reads as the TypeScript rule
 * does because the columns hold what that rule assumes: the order's locale canonical or null (the
 * intake stores it so), the store's default language and its served languages among the shipped ones
 * (their CHECK constraints). src/server/requests/locale.int.test.ts runs both on the same cases.
 */
import { sql, type SQL } from 'drizzle-orm';

export function requestLocaleSql(order: SQL = sql`o`, store: SQL = sql`s`): SQL {
  const language = sql`split_part(${order}.customer_locale, '-', 1)`;
  return sql`(CASE WHEN ${order}.customer_locale IS NOT NULL
                    AND (${language} = ${store}.default_customer_language OR ${language} = ANY(${store}.customer_languages))
               THEN ${order}.customer_locale ELSE ${store}.default_customer_language END)`;
}
