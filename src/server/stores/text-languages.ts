/**
 * The languages a store's texts are written in (decision 057): the one a screen edits (asked for, else
 * the store's default) and the store's served languages, each marked whether the merchant wrote a
 * text in it.
 */
import { eq } from 'drizzle-orm';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '#core/customer-language';
import type { TextLanguage } from '#core/api/text-language';
import type { Queryable } from '#db/client';
import { shopifyStores } from '#db/schema';
import { DomainError } from '../domain-error';

export interface StoreTextLanguages {
  /** The language asked for, else the store's default. */
  language: CustomerLanguage;
  defaultLanguage: CustomerLanguage;
  /** The store's served languages: the default first, then in the shipped order. */
  served: CustomerLanguage[];
}

export async function storeTextLanguages(db: Queryable, storeId: string, asked: CustomerLanguage | undefined): Promise<StoreTextLanguages> {
  const [store] = await db
    .select({ defaultLanguage: shopifyStores.defaultCustomerLanguage, languages: shopifyStores.customerLanguages })
    .from(shopifyStores)
    .where(eq(shopifyStores.id, storeId));
  if (!store) throw new DomainError('no_store');
  const served = [store.defaultLanguage, ...CUSTOMER_LANGUAGES.filter((l) => l !== store.defaultLanguage && store.languages.includes(l))];
  return { language: asked ?? store.defaultLanguage, defaultLanguage: store.defaultLanguage, served };
}

/**
 * The served languages with whether each has a text of the merchant's; a language being edited that
 * the store does not serve (yet) is listed too, last, so the screen can name it.
 */
export function textLanguagesOf(languages: StoreTextLanguages, saved: ReadonlySet<string>): TextLanguage[] {
  const listed = languages.served.includes(languages.language) ? languages.served : [...languages.served, languages.language];
  return listed.map((language) => ({ language, served: languages.served.includes(language), saved: saved.has(language) }));
}
