/**
 * The Admin API versions the app may call, and the one it calls by default (SHOPIFY_API_VERSION).
 *
 * Shopify releases a stable version each quarter, named YYYY-MM with MM one of 01, 04, 07, 10, on the
 * first day of that month; before that the upcoming one is a release candidate: listed, callable, but
 * not stable. Each stable version is supported for 12 months (docs/deployment.md). Shopify's published
 * list, as vendored with its schemas, says which is which (tests/fixtures/shopify/admin-schema/SOURCE.md:
 * "2026-10 (release candidate), 2026-07 (latest)"). The default must be a stable version of that list,
 * released and still supported today, with its schema vendored: tests/shopify/api-versions.test.ts
 * checks all of it (decision 020).
 */

/** The stable versions of Shopify's published list (SOURCE.md), oldest first. A release candidate is never added here. */
export const STABLE_API_VERSIONS = ['2025-10', '2026-01', '2026-04', '2026-07'] as const;

/** The latest stable version: what the app calls unless SHOPIFY_API_VERSION says otherwise. */
export const DEFAULT_API_VERSION: (typeof STABLE_API_VERSIONS)[number] = '2026-07';

/** Months a stable version stays supported after its release. */
export const SUPPORT_MONTHS = 12;

const VERSION = /^(\d{4})-(01|04|07|10)$/;

/** The day a quarterly version is released (00:00 UTC on the first day of its month); null for anything else. */
export function releaseDate(version: string): Date | null {
  const m = VERSION.exec(version);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : null;
}

/**
 * Where a quarterly version stands on `now`: a release candidate before its release day, stable for
 * SUPPORT_MONTHS after it, unsupported after that.
 */
export function versionStatus(version: string, now: Date): 'release_candidate' | 'stable' | 'unsupported' | 'invalid' {
  const released = releaseDate(version);
  if (!released) return 'invalid';
  if (now < released) return 'release_candidate';
  const end = new Date(released);
  end.setUTCMonth(end.getUTCMonth() + SUPPORT_MONTHS);
  return now < end ? 'stable' : 'unsupported';
}
