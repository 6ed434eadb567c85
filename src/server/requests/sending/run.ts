/**
 * The sending run (decision 008): SEND_CONCURRENCY lanes take rendered requests from a queue that the
 * next claim refills while the lanes still have work, each lane hands its e-mail to the transport,
 * and the hand-overs and completions of all lanes are written together (ledger.ts). A stopping worker
 * (decision 023) claims nothing more and releases what it holds and did not hand over.
 */
import { languageOf } from '#core/customer-language';
import type { AppContext } from '#server/context';
import { senderIdentity } from '#server/email/sender-identity';
import { classifyMailError, NotTransmittedError } from '#server/email/mailer';
import { coalesce } from '../coalesce';
import { oneClickUnsubscribeHeaders, requestLinks } from '../links';
import { claimBatch } from './claim';
import { completeFailed, completeUnconfirmed, releaseUnsent, writeLedgerSteps, type LedgerStep } from './ledger';
import { describeMailError, empty, ERRORS, messageIdFor, type ClaimOptions, type Rendered, type Reserved, type SendRunOptions, type SendRunResult } from './model';
import { recoverAbandoned } from './recovery';
import { inLanguage, renderBatch, renderContexts, type RenderContext } from './render';

/**
 * Claims and sends. `SEND_CONCURRENCY` lanes take requests from a queue; with `continuous`, the next
 * batch is claimed while the lanes still have work, so the transport never waits for a claim, until
 * a claim finds nothing due (or `maxClaims` is reached).
 */
async function claimAndSend(ctx: AppContext, options: ClaimOptions & { continuous: boolean; maxClaims?: number }): Promise<SendRunResult> {
  const result = empty();
  const { concurrency } = ctx.config.sending;
  const queue: Rendered[] = [];
  const renders = new Map<string, RenderContext>();
  let claims = 0;
  let exhausted = false;
  let refilling: Promise<void> | null = null;
  let refillError: unknown = null;
  let laneFailed = false;
  const stopping = () => options.signal?.aborted === true;
  /** Claimed requests a lane gave back unsent because the worker is stopping. */
  const unsent: Reserved[] = [];

  // Never rejects: a failed claim is kept and thrown by the lanes once the queue is empty, so the
  // requests already reserved are still sent.
  const refill = async () => {
    try {
      claims++;
      const batch = await claimBatch(ctx, { ...options, now: options.now ?? new Date() }, result);
      if (batch.claimed === 0 || !options.continuous || claims >= (options.maxClaims ?? 1000)) exhausted = true;
      const shops = [...new Set(batch.reserved.map((r) => r.shop_id))].filter((id) => !renders.has(id));
      if (shops.length) for (const [id, render] of await renderContexts(ctx, shops)) renders.set(id, render);
      queue.push(...(await renderBatch(ctx, batch.reserved, renders, result)));
    } catch (error) {
      exhausted = true;
      refillError = error;
    } finally {
      refilling = null;
    }
  };

  /** The next request to send, claiming more when the queue runs low; null when the run is over. */
  const take = async (): Promise<Rendered | null> => {
    for (;;) {
      // A stopping worker takes nothing more: what the queue holds is released below.
      if (stopping()) return null;
      // After a lane failed, no new claim: the run ends with what it holds.
      if (!exhausted && !laneFailed && !refilling && queue.length <= concurrency) refilling = refill();
      const request = queue.shift();
      if (request) return request;
      if (refilling) await refilling;
      else if (refillError) throw refillError;
      else return null;
    }
  };

  // Hand-overs and completions of all lanes are written together, one statement at a time: the
  // steps that pile up while one is written go in the next (each e-mail is still completed as soon
  // as the transport accepted it; lanes do not wait for that).
  const ledger = coalesce<LedgerStep, boolean>((steps) => writeLedgerSteps(ctx, options.workerId, steps));
  const handover = (id: string) => ledger({ kind: 'handOver', id });
  // Completions nobody awaits yet: each settles on its own (a failure is kept, never left unhandled).
  const completing = new Set<Promise<void>>();
  let completionError: unknown = null;
  const complete = (id: string) => {
    const done: Promise<void> = ledger({ kind: 'complete', id }).then(
      () => void completing.delete(done),
      (error) => {
        completionError ??= error;
        completing.delete(done);
      },
    );
    completing.add(done);
  };
  const lane = async () => {
    try {
      for (let request = await take(); request; request = await take()) {
        const outcome = await sendOne(ctx, request, renders.get(request.shop_id)!, options, handover);
        if (outcome === 'sent') {
          complete(request.id);
          result.processed++;
        } else if (outcome === 'failed') result.failed++;
        else if (outcome === 'released') unsent.push(request);
      }
    } catch (error) {
      laneFailed = true;
      throw error;
    }
  };
  // Every lane runs to its end, the claim under way and every completion are awaited even if a lane
  // failed: nothing of this run goes on after it returns, and no sent e-mail is left uncompleted.
  // (Requests a last claim reserved after a lane failed are resolved by the lease recovery.)
  const lanes = await Promise.allSettled(Array.from({ length: concurrency }, lane));
  while (refilling) await refilling;
  await Promise.all(completing);
  // Stopped: what was claimed and not handed over goes back, for the next run (another worker's).
  if (stopping()) await releaseUnsent(ctx, options.workerId, [...unsent, ...queue.splice(0)]);
  const failure = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
  if (failure) throw failure.reason;
  if (completionError) throw completionError;
  return result;
}

/** Claims one batch and sends it ('send now' passes `manual`). */
export function sendBatch(ctx: AppContext, options: SendRunOptions): Promise<SendRunResult> {
  return claimAndSend(ctx, { ...options, runStartedAt: options.now ?? new Date(), exclude: new Set(), continuous: false });
}

async function sendOne(
  ctx: AppContext,
  request: Rendered,
  render: RenderContext,
  options: SendRunOptions,
  handover: (requestId: string) => Promise<boolean>,
): Promise<'sent' | 'failed' | 'skipped' | 'released'> {
  if (options.signal?.aborted) return 'released';
  const links = requestLinks(ctx.config.appUrl, request.link_token);
  const email = request.email;
  // Before the transport: a key that cannot be unsealed must fail this e-mail (nothing went), not
  // pass for a transport error of unknown outcome, which would count it as sent.
  let identity;
  try {
    // The sender name of the template the e-mail was rendered from (its language's, decision 057).
    const name = inLanguage(render, languageOf(request.locale)).template.fromName || render.storeName;
    const identities = (render.identities ??= new Map());
    identity = identities.get(name) ?? senderIdentity(ctx.config.mail.from, ctx.config.encryptionKey, name, render.senderDomain, render.replyTo);
    identities.set(name, identity);
  } catch (error) {
    ctx.log.child('sender').error('DKIM key unreadable', { requestId: request.id, shopId: request.shop_id, error: describeMailError(error) });
    await completeFailed(ctx, [request], 'temporary', ERRORS.signingKey);
    return 'failed';
  }

  // A failure inside the hand-over itself (the database, a test's simulated crash) is the run's, not
  // the e-mail's: it leaves this function as it came, and the lease recovery resolves the request.
  let handOverError: unknown = null;
  let released = false;
  try {
    await ctx.mailer.send(
      {
        to: request.customer_email!,
        // From, Reply-To and DKIM signing, as email/sender-identity.ts decided for the store.
        ...identity,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: messageIdFor(ctx, request.id),
        headers: oneClickUnsubscribeHeaders(links),
      },
      {
        // The hand-over, at the last moment: over SMTP, a connection of our own is held, the envelope
        // accepted and DATA answered. Only a reservation this worker still holds goes (a recovery
        // may have taken it). Everything before this point is retried like a reservation.
        beforeData: async () => {
          // The worker is stopping: the message does not go, the request is released (not withdrawn).
          if (options.signal?.aborted) {
            released = true;
            return false;
          }
          try {
            if (!(await handover(request.id))) return false;
            await options.hooks?.beforeTransport?.(request.id);
            return true;
          } catch (error) {
            handOverError = error;
            throw error;
          }
        },
      },
    );
  } catch (error) {
    if (handOverError) throw handOverError;
    if (released && error instanceof NotTransmittedError && error.withdrawn) return 'released';
    if (error instanceof NotTransmittedError && error.withdrawn) return 'skipped';
    const kind = classifyMailError(error);
    ctx.log.child('sender').warn('send failed', { requestId: request.id, kind, error: describeMailError(error) });
    if (kind === 'unknown') {
      // The server may have taken it (a timeout after the message was sent): never risk a second e-mail.
      await completeUnconfirmed(ctx, request.id);
      return 'failed';
    }
    const final = kind === 'permanent' || request.attempts + 1 >= ctx.config.sending.maxAttempts;
    await completeFailed(ctx, [request], final ? 'permanent' : 'temporary', describeMailError(error));
    return 'failed';
  }
  await options.hooks?.afterTransport?.(request.id);
  return 'sent';
}

/** The hourly run: resolve abandoned sends, then send until nothing is due. */
export async function runDueSends(ctx: AppContext, options: SendRunOptions & { maxClaims?: number }): Promise<SendRunResult> {
  // Wall-clock start: requests that fail during this run are not retried by it (updated_at is after).
  const runStartedAt = new Date();
  await recoverAbandoned(ctx, options.now ?? runStartedAt);
  return claimAndSend(ctx, { ...options, runStartedAt, exclude: new Set(), continuous: true });
}
