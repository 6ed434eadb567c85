/**
 * What a service throws when it refuses: a code from the API's list, never HTTP or French. The
 * edge (src/server/http/errors.ts) turns it into a status and a French message from the catalogue.
 */
import type { ErrorCode } from '#core/api/codes';

export interface DomainErrorDetails {
  /** The refused field, for a form to point at. */
  field?: string;
  /** A specific French message from a shared schema (input refusals only). */
  message?: string;
  /** Values the catalogue's message is built from (a limit, a count). */
  values?: Record<string, string | number>;
  /** Where in the refused text the fault lies (a template's Liquid), for a form to point at. */
  position?: { line: number; column: number };
  /** For 429: when to try again. */
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details: DomainErrorDetails = {},
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

export const fail = (code: ErrorCode, details?: DomainErrorDetails): never => {
  throw new DomainError(code, details);
};
