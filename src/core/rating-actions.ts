/**
 * Rules of the per-rating actions shared by the server's validation and the settings screen:
 * which fields an action uses, what a redirect URL may be, and when routing by rating is gating.
 */
import type { ActionType } from './domain';

export function usesRedirectUrl(type: ActionType): boolean {
  return type === 'redirect';
}

/** docs/product/validation.md: the notification e-mail of collect_feedback only at ratings 2 or lower. */
export function usesNotificationEmail(type: ActionType, rating: number): boolean {
  return type === 'notify_email' || (type === 'collect_feedback' && rating <= 2);
}

export function usesFeedbackMessage(type: ActionType): boolean {
  return type === 'collect_feedback';
}

/** An absolute http(s) address. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Review gating (docs/product/stances.md): with a different path per rating, some but not all ratings
 * are sent to a public review site.
 */
export function isGated(samePath: boolean, types: readonly ActionType[]): boolean {
  if (samePath) return false;
  const redirects = types.filter((type) => type === 'redirect').length;
  return redirects > 0 && redirects < types.length;
}
