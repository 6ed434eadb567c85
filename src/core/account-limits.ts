/**
 * An account's limits, without the field schemas built from them (src/core/account.ts): what the
 * catalogues and the API's contracts read, so that reading a limit does not load zod in the browser
 * (decision 039).
 */
export const ACCOUNT_LIMITS = {
  passwordMin: 6,
  passwordMax: 128,
  /** The Shopify onboarding form asks for more (docs/product/validation.md); the API accepts from passwordMin. */
  onboardingPasswordMin: 8,
  nameMax: 100,
  companyNameMax: 100,
  /** The longest address SMTP can carry (RFC 5321). */
  emailMax: 254,
  /**
   * A password that is only compared (sign-in, the current one on a change) is read up to this
   * length: it bounds the hashing work, and a longer one simply does not match.
   */
  currentPasswordMax: 128 * 8,
} as const;
