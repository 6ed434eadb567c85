/**
 * The reminder e-mail's own texts (issue 18): a flow's one follow-up, N days after the first e-mail,
 * to customers who have not reviewed. It is the review e-mail itself (same template, same body, same
 * button to the first request's review page) with its own subject and a first line before the body.
 * A template saves null for either to keep these defaults.
 *
 * The wording follows docs/product/stances.md: addressed to every customer who has not reviewed,
 * whatever their experience; no pressure, no reward, no hint at the rating expected.
 */
import type { ReviewEmailTexts } from './texts';
import { fr } from './texts/fr';

/** The French defaults (the editor shows them): texts/ has them in every shipped language. */
export const REMINDER_DEFAULTS = { subject: fr.reminderSubject, firstLine: fr.reminderFirstLine } as const;

export const REMINDER_LIMITS = {
  subjectMax: 200,
  firstLineMax: 500,
} as const;

/**
 * The reminder's subject and first line as the sender uses them: the template's, or when blank the
 * defaults of the e-mail's language (`texts`, French unless given).
 */
export function reminderTexts(
  saved: { reminderSubject?: string | null; reminderFirstLine?: string | null },
  texts: Pick<ReviewEmailTexts, 'reminderSubject' | 'reminderFirstLine'> = fr,
): { subject: string; firstLine: string } {
  return {
    subject: saved.reminderSubject?.trim() ? saved.reminderSubject : texts.reminderSubject,
    firstLine: saved.reminderFirstLine?.trim() ? saved.reminderFirstLine : texts.reminderFirstLine,
  };
}
