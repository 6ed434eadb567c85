/**
 * How an account is named to its owner, without zod (src/core/account.ts holds the account's input
 * rules): the account menu, on every screen, reads it, and the screens' shared chunk stays free of
 * the schemas.
 */

/**
 * The name an account goes by (greetings, the account menu): the person's name once one is
 * given, else the account's e-mail. A name equal to the company name is the company's, never the
 * person's (accounts made by the onboarding before issue 29 took the company as the name), so it
 * counts as none (decision 046).
 */
export function accountDisplayName(user: { name?: string | null; email: string; companyName?: string | null }): string {
  return personName(user) || user.email;
}

/** The person's name the account holds, or '' when none was given (a company name is not one). */
export function personName(user: { name?: string | null; companyName?: string | null }): string {
  const name = user.name?.trim() ?? '';
  const company = user.companyName?.trim() ?? '';
  return company && name.toLocaleLowerCase('fr-FR') === company.toLocaleLowerCase('fr-FR') ? '' : name;
}
