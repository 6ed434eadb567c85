import { messages } from '#web/i18n';
import { ApiError, isSessionExpired } from '#web/lib/api';
import type { ManualSendResult } from '#web/api/review-requests';

const n = messages.schedule.notices;

/** A notice of the calendar: its text and whether it reports a success. */
export interface Outcome {
  kind: 'success' | 'error';
  text: string;
  /** A second line, e.g. the server's reason. */
  detail?: string;
}

/** A failed call's message: 'Session expirée' when signed out, the server's own words, else `fallback`. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (isSessionExpired(error)) return n.sessionExpired;
    return error.serverMessage ?? fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

const shown = (value: number | string | undefined | null) =>
  value === undefined || value === null || value === '' ? '?' : typeof value === 'number' ? value.toLocaleString('fr-FR') : value;

/** Plan names as the merchant knows them ('starter' → 'Starter'); other values as sent. */
const planName = (plan: string | undefined) => (plan ? (messages.schedule.planNames[plan.toLowerCase()] ?? plan) : undefined);

/**
 * What 'Envoyer maintenant' reports (docs/product/errors.md 'Calendar'): quota exceeded (with the plan and
 * the numbers), send failure, nothing processed, a server error, or success.
 */
export function sendOutcome(data: ManualSendResult): Outcome {
  if (data.quota_exceeded) {
    return { kind: 'error', text: n.quotaExceeded(shown(planName(data.plan)), shown(data.quota), shown(data.used)) };
  }
  if (data.failed > 0) return { kind: 'error', text: n.sendFailed };
  // A refusal the server explained (the daily limit): its own words say when the request will go.
  if (!data.success && data.error && !data.processed) return { kind: 'error', text: data.error };
  if (!data.processed) return { kind: 'error', text: n.nothingProcessed };
  return { kind: 'success', text: n.sent };
}

/** A send-now call that did not answer 2xx: 'Erreur HTTP {status}: {body}' (or the session or network notice). */
export function sendFailure(error: unknown): Outcome {
  if (error instanceof ApiError) {
    if (isSessionExpired(error)) return { kind: 'error', text: n.sessionExpired };
    if (error.status === 0) return { kind: 'error', text: error.message };
    return { kind: 'error', text: n.httpError(error.status, error.message) };
  }
  return { kind: 'error', text: messages.common.errorFallback };
}
