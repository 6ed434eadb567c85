/**
 * What the parts of the sender share (requests/sender.ts is the facade, decision 008): the run's
 * options and result, a request as it moves from claimed to reserved to rendered, its Message-ID,
 * and the notes a request keeps when it did not go (a send counted without proof is no note: it is
 * the request's `unconfirmed` column, decision 051). Kept apart so that the claim, the render, the
 * ledger and the recovery depend on this file and not on each other.
 */
import type { RenderedEmail } from '#core/email/review-email';
import { liquidFault, liquidPlace } from '#core/email/liquid-syntax-messages';
import type { RequestKind } from '#core/domain';
import type { AppContext } from '#server/context';
import type { TemplateProblem } from '#server/email-templates/sandbox';
import { sendingMessages } from '#server/messages/sending';
import { UNSUBSCRIBED_NOTE } from '../unsubscribe';

export interface SendHooks {
  /** Called after the ledger says `transmitting` and before the message's data goes (tests kill the process here). */
  beforeTransport?(requestId: string): void | Promise<void>;
  /** Called after the transport accepted the e-mail and before the ledger is completed. */
  afterTransport?(requestId: string): void | Promise<void>;
  /** Called after the claim transaction committed, before any transport call. */
  afterReserve?(requestIds: string[]): void | Promise<void>;
}

export interface SendRunOptions {
  workerId: string;
  now?: Date;
  /** 'Send now': only these requests of this store, and only while `scheduled`. */
  manual?: { storeId: string; requestIds: string[] };
  hooks?: SendHooks;
  /**
   * Aborted when the worker is stopping (SIGTERM): nothing more is claimed, e-mails already handed
   * over finish, and requests claimed but not handed over are released (scheduled again, quota given back).
   */
  signal?: AbortSignal;
}

export interface QuotaExceeded {
  plan: string;
  quota: number;
  used: number;
}

export interface SendRunResult {
  claimed: number;
  processed: number;
  failed: number;
  /** Requests left scheduled because a quota or the daily limit was reached. */
  deferred: number;
  quotaExceeded: QuotaExceeded | null;
  dailyLimitReached: { limit: number } | null;
}

export type Claimed = {
  id: string;
  kind: RequestKind;
  /** The token the e-mail's links carry: the request's own, or for a reminder its first request's. */
  link_token: string;
  shop_id: string;
  shop_domain: string;
  customer_email: string | null;
  customer_name: string | null;
  /** The locale the request was made in (decision 056): its e-mail's language. */
  locale: string;
  order_number: string | null;
  shopify_order_id: string | null;
  attempts: number;
};

export type Reserved = Claimed & { monthStart: Date; dayStart: Date };

/** A reserved request with its e-mail, rendered in the sandbox before it joins the lanes' queue. */
export type Rendered = Reserved & { email: RenderedEmail };

export const empty = (): SendRunResult => ({ claimed: 0, processed: 0, failed: 0, deferred: 0, quotaExceeded: null, dailyLimitReached: null });

export const messageIdFor = (ctx: AppContext, requestId: string) => `review-${requestId}@${new URL(ctx.config.appUrl).hostname}`;

export type ClaimOptions = SendRunOptions & { runStartedAt: Date; exclude: Set<string> };

export const ERRORS = {
  unsubscribed: UNSUBSCRIBED_NOTE,
  noAddress: sendingMessages.noAddress,
  template: sendingMessages.template,
  templateLimit: sendingMessages.templateLimit,
  signingKey: sendingMessages.signingKey,
};

/** The note of a request whose e-mail the sandbox could not render. */
export const templateNote = (problem: TemplateProblem) =>
  problem.kind === 'invalid' ? ERRORS.template(liquidPlace(problem.syntax), liquidFault(problem.syntax)) : ERRORS.templateLimit[problem.kind];

/** The transport's reason, without e-mail addresses (SMTP rejections quote them; this text is stored and logged). */
export function describeMailError(error: unknown): string {
  const e = error as { response?: string; message?: string } | null;
  return (e?.response || e?.message || String(error)).replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[adresse]').slice(0, 500);
}
