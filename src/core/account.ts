/**
 * An account's input rules, written once for the API's contracts (src/core/api/auth.ts) and the web
 * forms: the limits, and the field schemas built from them. The two sides word a refusal
 * differently (the API answers 'Veuillez saisir un nom.', the sign-up form says 'Le nom complet est
 * requis'), so the fields are built from a wording; the rules themselves cannot differ.
 */
import { z } from 'zod';
import { ACCOUNT_LIMITS } from './account-limits';

export { ACCOUNT_LIMITS };

/** How one side words each refusal. A missing one falls back to that side's generic sentence. */
export interface AccountWording {
  emailInvalid: string;
  nameRequired: string;
  nameTooLong: string;
  /** When the company name is not text at all. */
  companyNameInvalid?: string;
  companyNameTooLong: string;
  passwordTooShort: string;
  passwordTooLong: string;
}

const withError = (message: string | undefined) => (message ? { error: message } : undefined);

/** The account's fields, with `wording`'s refusals. */
export function accountFields(wording: AccountWording) {
  const L = ACCOUNT_LIMITS;
  return {
    /** Trimmed and lower-cased: an address is one account whatever its case. */
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(L.emailMax, { error: wording.emailInvalid })
      .pipe(z.email({ error: wording.emailInvalid })),
    name: z.string({ error: wording.nameRequired }).trim().min(1, { error: wording.nameRequired }).max(L.nameMax, { error: wording.nameTooLong }),
    /**
     * The person's name where it is optional (the Shopify onboarding asks none, the account settings
     * may leave it empty): empty means none was given (decision 046).
     */
    optionalName: z.string({ error: wording.nameRequired }).trim().max(L.nameMax, { error: wording.nameTooLong }),
    companyName: z.string(withError(wording.companyNameInvalid)).trim().max(L.companyNameMax, { error: wording.companyNameTooLong }),
    /** A password being chosen. */
    newPassword: z.string().min(L.passwordMin, { error: wording.passwordTooShort }).max(L.passwordMax, { error: wording.passwordTooLong }),
    /** A password being checked against the stored one. */
    currentPassword: z.string().max(L.currentPasswordMax, { error: wording.passwordTooLong }),
  };
}
