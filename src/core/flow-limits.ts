/**
 * The bounds of a flow, written once for the server's validation and the web form (the form once
 * accepted up to 9,999,999,999.99 while the server refused anything over 1,000,000,000).
 */
export const FLOW_LIMITS = {
  nameMax: 100,
  maxDelayDays: 365,
  /** In the shop's currency; the column holds up to 10 digits before the decimal point. */
  maxMinimumAmount: 1_000_000_000,
} as const;
