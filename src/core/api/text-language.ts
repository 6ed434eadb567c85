/**
 * The merchant's texts (the e-mail template, the page's texts, the greeting and closing) are written
 * per customer language (decision 057): which language a read, save, preview or test is about, and
 * which languages the store serves with or without a text of the merchant's.
 */
import { z } from 'zod';
import { CUSTOMER_LANGUAGES } from '../customer-language';

/**
 * A customer language: whether the store serves it (one it does not is listed only while its texts
 * are edited) and whether the merchant wrote its own text in it (else its customers get the shipped
 * text of that language).
 */
export const textLanguage = z.object({ language: z.enum(CUSTOMER_LANGUAGES), served: z.boolean(), saved: z.boolean() });
export type TextLanguage = z.infer<typeof textLanguage>;

/** Which language's text a read, save, preview or test is about; absent: the store's default language. */
export const languageChoice = z.enum(CUSTOMER_LANGUAGES, { message: 'Langue inconnue (fr, en, de, es, it ou nl)' }).optional();
