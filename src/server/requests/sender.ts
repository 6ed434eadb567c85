/**
 * The review-request sender (docs/decisions/008-send-ledger.md).
 *
 * 1. Claim: due requests are locked with FOR UPDATE SKIP LOCKED, the quotas are reserved, and each
 *    granted request becomes `processing` with a `reserved` row in the send ledger, in one transaction.
 * Between 1 and 2, the batch's e-mails are rendered in the template sandbox (decision 019), one call
 * per store and chunk of e-mails; a store whose template fails or goes beyond a limit has its e-mails
 * of the batch failed with the reason (not sent, quota given back), the other stores' go on.
 * 2. Send: per e-mail, the transport is called with a Message-ID derived from the request id; at the
 *    last moment before the message's data (SMTP: connection held, envelope accepted, DATA answered)
 *    the ledger moves to `transmitting`, only if still reserved by this worker.
 * 3. Complete: ledger and request become `sent`, or `failed` with the error kept and the quota given back.
 *
 * A worker that dies leaves ledger rows behind; after the lease another run resolves them:
 * `reserved` means the transport was never called (the e-mail is sent again, once); `transmitting`
 * asks the transport whether it accepted the Message-ID (the outbox knows; SMTP cannot tell, and
 * then the request is counted as sent rather than risk a second e-mail).
 *
 * A worker that stops (SIGTERM, `signal`) claims nothing more, lets the e-mails already handed over
 * finish, and releases at once what it claimed and did not hand over (decision 023).
 */
import { senderIdentity, type SenderDomainRow } from '../deliverability/identity';
import { sendingMessages } from '../messages/sending';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { timestamptzArray, uuidArray } from '../../db/sql-arrays';
import { DEFAULT_TEMPLATE, type RenderedEmail, type ReviewEmailTemplate, type ReviewEmailBranding } from '../../core/email/review-email';
import { emailMessages } from '../../core/email/messages';
import type { AppContext } from '../context';
import { classifyMailError, NotTransmittedError } from '../email/mailer';
import { addUsage, reserveSendsMany, type QuotaState } from '../plans/quota';
import { oneClickUnsubscribeHeaders, requestLinks } from './links';
import { UNSUBSCRIBED_NOTE } from './unsubscribe';
import { storeDisplayName } from '../stores/service';
import { emailLogoUrl } from '../media/logos';
import type { TemplateProblem } from '../email-templates/sandbox';
import { coalesce } from './coalesce';
import { isRetryableConflict } from '../../db/pg-error';
import { RETRYABLE, type RequestKind } from '../../core/domain';
import { flowReminderInsert, reviewedSql, scheduleFlowReminders } from './reminders';
import { reminderMessages } from '../messages/reminders';

/**
 * The requests a run retries (core's RETRYABLE), as literals rather than parameters so that PostgreSQL
 * matches the claim to the partial index review_requests_retry_idx, whose predicate is the same.
 */
const RETRYABLE_SQL = sql.raw(`r.status = '${RETRYABLE.status}' AND r.failure_kind = '${RETRYABLE.failureKind}'`);

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

type Claimed = {
  id: string;
  kind: RequestKind;
  /** The token the e-mail's links carry: the request's own, or for a reminder its first request's. */
  link_token: string;
  shop_id: string;
  shop_domain: string;
  customer_email: string | null;
  customer_name: string | null;
  order_number: string | null;
  shopify_order_id: string | null;
  attempts: number;
};

type Reserved = Claimed & { monthStart: Date; dayStart: Date };

/** A reserved request with its e-mail, rendered in the sandbox before it joins the lanes' queue. */
type Rendered = Reserved & { email: RenderedEmail };

const empty = (): SendRunResult => ({ claimed: 0, processed: 0, failed: 0, deferred: 0, quotaExceeded: null, dailyLimitReached: null });

export const messageIdFor = (ctx: AppContext, requestId: string) => `review-${requestId}@${new URL(ctx.config.appUrl).hostname}`;

type ClaimOptions = SendRunOptions & { runStartedAt: Date; exclude: Set<string> };

/**
 * Claims one batch in one transaction: locks due requests, cancels unsubscribed addresses, reserves
 * the quotas and writes a `reserved` ledger row for each granted request. Counts go into `result`;
 * stores found out of quota join `options.exclude`. Answers how many were claimed and the granted ones.
 */
async function claimBatch(ctx: AppContext, options: ClaimOptions, result: SendRunResult): Promise<{ claimed: number; reserved: Reserved[] }> {
  const now = options.now ?? new Date();
  const { batchSize, maxAttempts } = ctx.config.sending;
  const exclude = [...options.exclude];
  const due = options.manual
    ? sql`r.id IN (${sql.join(
        options.manual.requestIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND r.shop_id = ${options.manual.storeId}::uuid AND r.status = 'scheduled'`
    : sql`((r.status = 'scheduled' AND r.scheduled_at <= ${now.toISOString()}::timestamptz)
           OR (${RETRYABLE_SQL} AND r.attempts < ${maxAttempts}
               AND r.updated_at < ${options.runStartedAt.toISOString()}::timestamptz))`;

  const reserved: Reserved[] = [];
  let count = 0;
  await ctx.db.transaction(async (tx) => {
    const claimed = await queryRows<Claimed>(
      tx,
      sql`SELECT r.id::text, r.kind, coalesce(fr.token, r.token) AS link_token, r.shop_id::text, s.shop_domain, r.customer_email, r.customer_name,
                 o.order_number, r.shopify_order_id, r.attempts::int
          FROM shopify_review_requests r
          JOIN shopify_stores s ON s.id = r.shop_id AND s.is_active AND s.subscription_status = 'active'
          LEFT JOIN shopify_orders o ON o.id = r.order_id
          LEFT JOIN shopify_review_requests fr ON fr.id = r.reminder_of
          WHERE r.channel = 'email' AND ${due}
            ${
              exclude.length
                ? sql`AND r.shop_id NOT IN (${sql.join(
                    exclude.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )})`
                : sql``
            }
          ORDER BY r.scheduled_at, r.id
          LIMIT ${options.manual ? options.manual.requestIds.length : batchSize}
          FOR UPDATE OF r SKIP LOCKED`,
    );
    count = claimed.length;
    if (claimed.length === 0) return;

    // Addresses that unsubscribed since the request was scheduled are never mailed: cancel those.
    const suppressed = await queryRows<{ id: string }>(
      tx,
      sql`SELECT r.id::text FROM shopify_review_requests r
          JOIN email_suppressions x ON x.shop_id = r.shop_id AND x.email = lower(r.customer_email)
          WHERE r.id = ANY(${uuidArray(claimed.map((c) => c.id))})`,
    );
    const suppressedIds = new Set(suppressed.map((r) => r.id));
    if (suppressedIds.size) await setStatus(tx, [...suppressedIds], sql`status = 'cancelled', last_error = ${ERRORS.unsubscribed}`);
    // Reminders whose reason went since they were scheduled: withdrawn, without using the quota.
    const reminders = claimed.filter((c) => c.kind === 'reminder' && !suppressedIds.has(c.id));
    if (reminders.length)
      for (const id of await withdrawStaleReminders(
        tx,
        reminders.map((c) => c.id),
      ))
        suppressedIds.add(id);
    const noAddress = claimed.filter((c) => !c.customer_email && !suppressedIds.has(c.id));
    if (noAddress.length) {
      await setStatus(
        tx,
        noAddress.map((c) => c.id),
        sql`status = 'failed', failure_kind = 'permanent', attempts = attempts + 1, last_error = ${ERRORS.noAddress}`,
      );
      result.failed += noAddress.length;
    }

    const sendable = claimed.filter((c) => c.customer_email && !suppressedIds.has(c.id));
    const byShop = new Map<string, Claimed[]>();
    for (const c of sendable) byShop.set(c.shop_id, [...(byShop.get(c.shop_id) ?? []), c]);
    const grants = await reserveSendsMany(
      tx,
      [...byShop.values()].map((group) => ({ id: group[0]!.shop_id, shopDomain: group[0]!.shop_domain, wanted: group.length })),
      now,
    );
    for (const [shopId, group] of byShop) {
      const { granted, state } = grants.get(shopId)!;
      if (granted < group.length) noteLimit(result, state, group.length - granted, options.exclude, shopId);
      for (const c of group.slice(0, granted)) reserved.push({ ...c, monthStart: state.periodStart, dayStart: state.dayStart });
    }
    if (reserved.length === 0) return;
    await setStatus(
      tx,
      reserved.map((r) => r.id),
      sql`status = 'processing'`,
    );
    // Message-IDs follow messageIdFor(): review-{id}@{host}.
    await tx.execute(sql`
      INSERT INTO email_send_ledger (request_id, shop_id, message_id, state, worker_id, month_period_start, day_start)
      SELECT r.id, r.shop_id, 'review-' || r.id || ${`@${new URL(ctx.config.appUrl).hostname}`}, 'reserved', ${options.workerId}, r.month_start, r.day_start
      FROM unnest(${uuidArray(reserved.map((r) => r.id))}, ${uuidArray(reserved.map((r) => r.shop_id))},
                  ${timestamptzArray(reserved.map((r) => r.monthStart))}, ${timestamptzArray(reserved.map((r) => r.dayStart))}) AS r(id, shop_id, month_start, day_start)
      ON CONFLICT (request_id) DO UPDATE SET state = 'reserved', worker_id = excluded.worker_id, month_period_start = excluded.month_period_start,
        day_start = excluded.day_start, reserved_at = now(), transmitting_at = NULL, completed_at = NULL`);
  });
  result.claimed += count;
  if (reserved.length) await options.hooks?.afterReserve?.(reserved.map((r) => r.id));
  return { claimed: count, reserved };
}

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

function noteLimit(result: SendRunResult, state: QuotaState, deferred: number, exclude: Set<string> | undefined, shopId: string) {
  result.deferred += deferred;
  exclude?.add(shopId);
  if (state.quota !== null && state.used >= state.quota) result.quotaExceeded = { plan: state.plan, quota: state.quota, used: state.used };
  else result.dailyLimitReached = { limit: state.dailyLimit };
}

/** The note of a request counted sent without proof (its SMTP transaction was cut during DATA). */
export const UNCONFIRMED_NOTE = sendingMessages.unconfirmed;

const ERRORS = {
  unsubscribed: UNSUBSCRIBED_NOTE,
  noAddress: sendingMessages.noAddress,
  unconfirmed: UNCONFIRMED_NOTE,
  template: sendingMessages.template,
  templateLimit: sendingMessages.templateLimit,
  signingKey: sendingMessages.signingKey,
};

/** The note of a request whose e-mail the sandbox could not render. */
const templateNote = (problem: TemplateProblem) => (problem.kind === 'invalid' ? ERRORS.template(problem.detail) : ERRORS.templateLimit[problem.kind]);

/**
 * Renders the claimed requests' e-mails in the template sandbox: one job per store (its template is
 * compiled once per sandbox process, its e-mails rendered in chunks, never one call per e-mail), the
 * stores' jobs at once. A request whose e-mail could not be rendered fails without calling the
 * transport, with the reason, and its quota is given back: permanently (decision 008: a template
 * that cannot render), or, past the time limit, as a temporary failure (decision 019). Answers the
 * others, with their e-mail.
 */
async function renderBatch(ctx: AppContext, reserved: Reserved[], renders: Map<string, RenderContext>, result: SendRunResult): Promise<Rendered[]> {
  const byShop = new Map<string, Reserved[]>();
  for (const r of reserved) byShop.set(r.shop_id, [...(byShop.get(r.shop_id) ?? []), r]);
  const rendered: Rendered[] = [];
  await Promise.all(
    [...byShop].map(async ([shopId, requests]) => {
      const render = renders.get(shopId)!;
      const outcomes = await ctx.templates.render({
        key: shopId,
        template: render.template,
        branding: render.branding,
        greeting: render.greeting,
        closing: render.closing,
        emails: requests.map((request) => {
          // A reminder leads to its first request's review page, unsubscribe link and open pixel: the
          // customer has one review page per order and flow, whichever e-mail they answer.
          const links = requestLinks(ctx.config.appUrl, request.link_token);
          return {
            variables: {
              customer_name: request.customer_name || emailMessages.customerFallback,
              store_name: render.storeName,
              order_number: request.order_number ?? (request.shopify_order_id ? `#${request.shopify_order_id}` : ''),
              review_link: links.review,
            },
            unsubscribeUrl: links.unsubscribePage,
            openPixelUrl: links.openPixel,
            reminder: request.kind === 'reminder',
          };
        }),
      });
      const failed = new Map<string, { kind: 'temporary' | 'permanent'; note: string; requests: Reserved[] }>();
      requests.forEach((request, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) return void rendered.push({ ...request, email: outcome.email });
        // Time depends on the machine's load as well as on the template: retried by the next runs,
        // like a temporary transport failure, until SEND_MAX_ATTEMPTS. The other reasons are the template's alone.
        const retry = outcome.problem.kind === 'time' && request.attempts + 1 < ctx.config.sending.maxAttempts;
        const kind = retry ? 'temporary' : 'permanent';
        const note = templateNote(outcome.problem);
        const group = failed.get(`${kind} ${note}`) ?? { kind, note, requests: [] };
        group.requests.push(request);
        failed.set(`${kind} ${note}`, group);
      });
      for (const { kind, note, requests } of failed.values()) {
        ctx.log.child('sender').warn('template not rendered: e-mails failed', { shopId, count: requests.length, kind, reason: note });
        await completeFailed(ctx, requests, kind, note);
        result.failed += requests.length;
      }
    }),
  );
  return rendered;
}

/**
 * Of these claimed reminders, cancels those that must not go any more: the customer reviewed (the
 * first request is completed, or a review of the order came in), the order was cancelled or refunded
 * since, or the flow that scheduled it was switched off, deleted, or lost its reminder (a customer's
 * own postponement, « pas encore reçu », is kept: the customer asked for it). Unsubscribed addresses
 * are cancelled before, as for any request. Answers the ids cancelled.
 */
async function withdrawStaleReminders(tx: Parameters<typeof queryRows>[0], ids: string[]): Promise<string[]> {
  const m = reminderMessages.cancelled;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`WITH stale AS (
          SELECT r.id,
                 CASE WHEN fr.status = 'completed' OR ${reviewedSql(sql`fr.id`, sql`fr.order_id`)} THEN ${m.reviewed}
                      WHEN o.cancelled_at IS NOT NULL OR o.refunded_at IS NOT NULL THEN ${m.order}
                      WHEN EXISTS (SELECT 1 FROM review_request_exclusions e WHERE e.order_id = r.order_id) THEN ${m.excluded}
                      WHEN fr.status NOT IN ('sent', 'delivered', 'opened') THEN ${m.firstNotSent}
                      WHEN r.source = 'flow' AND (f.id IS NULL OR NOT f.is_active OR NOT coalesce((f.channels->>'email')::boolean, false)
                                                  OR (f.reminder_days IS NULL AND fr.postponed_at IS NULL)) THEN ${m.flow}
                 END AS note
          FROM shopify_review_requests r
          JOIN shopify_review_requests fr ON fr.id = r.reminder_of
          LEFT JOIN shopify_orders o ON o.id = r.order_id
          LEFT JOIN flow_configurations f ON f.id = r.flow_id
          WHERE r.id = ANY(${uuidArray(ids)})
        )
        UPDATE shopify_review_requests r SET status = 'cancelled', last_error = stale.note, updated_at = now()
        FROM stale WHERE r.id = stale.id AND stale.note IS NOT NULL
        RETURNING r.id::text`,
  );
  return rows.map((r) => r.id);
}

async function setStatus(db: Parameters<typeof queryRows>[0], ids: string[], set: ReturnType<typeof sql>) {
  await db.execute(sql`UPDATE shopify_review_requests SET ${set}, updated_at = now() WHERE id = ANY(${uuidArray(ids)})`);
}

interface RenderContext {
  storeName: string;
  template: ReviewEmailTemplate;
  branding: ReviewEmailBranding;
  /** The first and last paragraphs set in Branding & Pages (null: the default greeting, no closing). */
  greeting: string | null;
  closing: string | null;
  replyTo: string | null;
  /** The store's own sending domain, if any (deliverability/identity.ts decides whether it is used). */
  senderDomain: SenderDomainRow | null;
}

/** Per store: its name, active template (or the default), branding, greeting and closing, and reply-to address. */
async function renderContexts(ctx: AppContext, shopIds: string[]): Promise<Map<string, RenderContext>> {
  const rows = await queryRows<{
    id: string;
    shop_name: string | null;
    shop_domain: string;
    subject: string | null;
    from_name: string | null;
    t_logo: string | null;
    t_logo_email: string | null;
    body_content: string | null;
    button_text: string | null;
    button_url_template: string | null;
    button_color: string | null;
    footer_text: string | null;
    reminder_subject: string | null;
    reminder_first_line: string | null;
    b_logo: string | null;
    b_logo_email: string | null;
    primary_color: string | null;
    button_text_color: string | null;
    email_greeting: string | null;
    email_closing: string | null;
    reply_to: string | null;
    d_from_address: string | null;
    d_domain: string | null;
    d_selector: string | null;
    d_private_key: string | null;
    d_verified: boolean | null;
  }>(
    ctx.db,
    sql`SELECT s.id::text, s.shop_name, s.shop_domain, t.subject, t.from_name, t.logo_url AS t_logo, t.logo_email_url AS t_logo_email, t.body_content,
               t.button_text, t.button_url_template, t.button_color, t.footer_text, t.reminder_subject, t.reminder_first_line, b.logo_url AS b_logo, b.logo_email_url AS b_logo_email,
               b.primary_color, b.button_text_color, p.email_greeting, p.email_closing, c.owner_notification_email AS reply_to,
               d.from_address AS d_from_address, d.domain AS d_domain, d.selector AS d_selector, d.dkim_private_key AS d_private_key,
               d.verified_at IS NOT NULL AS d_verified
        FROM shopify_stores s
        LEFT JOIN LATERAL (SELECT * FROM email_templates t WHERE t.shopify_store_id = s.id AND t.template_type = 'review_request' AND t.is_active
                           ORDER BY t.is_default DESC, t.updated_at DESC LIMIT 1) t ON true
        LEFT JOIN store_branding b ON b.shopify_store_id = s.id
        LEFT JOIN store_customization p ON p.shopify_store_id = s.id
        LEFT JOIN store_email_config c ON c.shopify_store_id = s.id
        LEFT JOIN store_sender_domains d ON d.shopify_store_id = s.id
        WHERE s.id IN (${sql.join(
          shopIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        storeName: storeDisplayName(r.shop_name, r.shop_domain),
        template: r.subject
          ? {
              subject: r.subject,
              fromName: r.from_name,
              logoUrl: emailLogoUrl(r.t_logo_email, r.t_logo),
              bodyContent: r.body_content,
              buttonText: r.button_text ?? DEFAULT_TEMPLATE.buttonText,
              buttonUrlTemplate: r.button_url_template ?? DEFAULT_TEMPLATE.buttonUrlTemplate,
              buttonColor: r.button_color ?? DEFAULT_TEMPLATE.buttonColor,
              footerText: r.footer_text,
              reminderSubject: r.reminder_subject,
              reminderFirstLine: r.reminder_first_line,
            }
          : DEFAULT_TEMPLATE,
        // E-mails show the PNG made for them (mail clients do not show SVG).
        branding: { logoUrl: emailLogoUrl(r.b_logo_email, r.b_logo), primaryColor: r.primary_color, buttonTextColor: r.button_text_color },
        greeting: r.email_greeting,
        closing: r.email_closing,
        replyTo: r.reply_to,
        senderDomain: r.d_from_address
          ? { from_address: r.d_from_address, domain: r.d_domain, selector: r.d_selector, dkim_private_key: r.d_private_key, verified: r.d_verified }
          : null,
      },
    ]),
  );
}

export { fromHeader } from '../deliverability/identity';

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
    identity = senderIdentity(ctx.config.mail.from, ctx.config.encryptionKey, render.template.fromName || render.storeName, render.senderDomain, render.replyTo);
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
        from: identity.from,
        replyTo: identity.replyTo,
        dkim: identity.dkim,
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

type LedgerStep = { kind: 'handOver' | 'complete'; id: string };

/**
 * One statement for a batch of ledger steps; answers, per step, whether it took effect.
 * - complete: the e-mail was accepted by the transport, so the ledger row and its request become
 *   `sent`, and a first request whose flow asks for a reminder gets it, in the same statement: a
 *   crash cannot leave a sent e-mail without its reminder, and (the unique index on reminder_of) a
 *   replay cannot give it two. (A data-modifying WITH runs whether or not it is read.)
 * - handOver: the reservation moves to `transmitting`, only while this worker still holds it, the
 *   request is still `processing` (not cancelled by a privacy request meanwhile) and the address has
 *   not unsubscribed since the claim. Reservations refused for those reasons are released at once.
 * The two sets never share a request (a request is completed only after its hand-over), so the
 * updates of the statement touch distinct rows.
 */
async function writeLedgerSteps(ctx: AppContext, workerId: string, steps: LedgerStep[]): Promise<boolean[]> {
  const handIds = steps.filter((s) => s.kind === 'handOver').map((s) => s.id);
  const doneIds = steps.filter((s) => s.kind === 'complete').map((s) => s.id);
  // The ledger row is locked before its request, the order the lease recovery uses too; a request
  // becomes `sent` only with its ledger row.
  const statement = sql`
    WITH sent AS (
      UPDATE email_send_ledger SET state = 'sent', completed_at = now() WHERE request_id = ANY(${uuidArray(doneIds)}) AND state = 'transmitting'
      RETURNING request_id
    ), sent_requests AS (
      UPDATE shopify_review_requests SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = NULL, failure_kind = NULL, updated_at = now()
      WHERE id IN (SELECT request_id FROM sent) AND status = 'processing'
      RETURNING *
    ), reminders AS (
      ${flowReminderInsert(sql`sent_requests`)}
    )
    UPDATE email_send_ledger l SET state = 'transmitting', transmitting_at = now()
    FROM shopify_review_requests r
    WHERE l.request_id = ANY(${uuidArray(handIds)}) AND l.state = 'reserved' AND l.worker_id = ${workerId}
      AND r.id = l.request_id AND r.status = 'processing' AND r.customer_email IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM email_suppressions x WHERE x.shop_id = r.shop_id AND x.email = lower(r.customer_email))
    RETURNING l.request_id::text AS id`;
  // A deadlock victim or serialization failure was rolled back: run it once more.
  const rows = await queryRows<{ id: string }>(ctx.db, statement).catch((error: unknown) => {
    if (!isRetryableConflict(error)) throw error;
    return queryRows<{ id: string }>(ctx.db, statement);
  });
  const handed = new Set(rows.map((r) => r.id));
  const refused = handIds.filter((id) => !handed.has(id));
  // The hand-overs above are committed whatever happens here: a release that fails leaves the
  // refused reservations to the lease recovery, which gives their quota back.
  if (refused.length) {
    await releaseWithdrawn(ctx, workerId, refused).catch((error: unknown) =>
      ctx.log.child('sender').warn('withdrawn reservations not released', { count: refused.length, error: error instanceof Error ? error.message : String(error) }),
    );
  }
  return steps.map((s) => s.kind === 'complete' || handed.has(s.id));
}

/** Reservations of requests withdrawn since the claim: quota given back, the request cancelled. */
async function releaseWithdrawn(ctx: AppContext, workerId: string, ids: string[]) {
  await ctx.db.transaction(async (tx) => {
    const released = await queryRows<{ id: string; shop_domain: string; month: string | null; day: string }>(
      tx,
      sql`UPDATE email_send_ledger l SET state = 'failed', completed_at = now()
          FROM shopify_stores s
          WHERE l.request_id = ANY(${uuidArray(ids)}) AND l.state = 'reserved' AND l.worker_id = ${workerId} AND s.id = l.shop_id
          RETURNING l.request_id::text AS id, s.shop_domain, to_json(l.month_period_start)#>>'{}' AS month, to_json(l.day_start)#>>'{}' AS day`,
    );
    for (const r of released) await addUsage(tx, r.shop_domain, r.month ? new Date(r.month) : null, new Date(r.day), -1);
    if (released.length) {
      await tx.execute(sql`UPDATE shopify_review_requests SET status = 'cancelled', last_error = coalesce(last_error, ${ERRORS.unsubscribed}), updated_at = now()
                           WHERE id = ANY(${uuidArray(released.map((r) => r.id))}) AND status = 'processing'`);
    }
  });
}

/** The transport's reason, without e-mail addresses (SMTP rejections quote them; this text is stored and logged). */
function describeMailError(error: unknown): string {
  const e = error as { response?: string; message?: string } | null;
  return (e?.response || e?.message || String(error)).replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[adresse]').slice(0, 500);
}

async function completeUnconfirmed(ctx: AppContext, requestId: string) {
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE email_send_ledger SET state = 'sent', completed_at = now() WHERE request_id = ${requestId}::uuid AND state = 'transmitting'`);
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = ${ERRORS.unconfirmed}, updated_at = now()
                         WHERE id = ${requestId}::uuid AND status = 'processing'`);
    // Counted sent: its reminder follows as for any sent e-mail (same transaction, idempotent).
    await scheduleFlowReminders(tx, [requestId]);
  });
}

/** Gives these requests' places in the quotas back, per store and period (one statement per group). */
async function giveBackQuota(tx: Parameters<typeof queryRows>[0], requests: Reserved[]) {
  const giveBack = new Map<string, { request: Reserved; count: number }>();
  for (const request of requests) {
    const key = `${request.shop_domain} ${request.monthStart.toISOString()} ${request.dayStart.toISOString()}`;
    giveBack.set(key, { request, count: (giveBack.get(key)?.count ?? 0) + 1 });
  }
  for (const { request, count } of giveBack.values()) await addUsage(tx, request.shop_domain, request.monthStart, request.dayStart, -count);
}

/** Fails requests whose e-mail did not go (one transaction): their places in the quotas are given back. */
async function completeFailed(ctx: AppContext, requests: Reserved[], kind: 'temporary' | 'permanent', message: string) {
  const ids = requests.map((r) => r.id);
  await ctx.db.transaction(async (tx) => {
    const released = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE email_send_ledger SET state = 'failed', completed_at = now() WHERE request_id = ANY(${uuidArray(ids)}) AND state IN ('reserved', 'transmitting')
          RETURNING request_id::text AS id`,
    );
    // The e-mails did not go: give their places in the quotas back.
    const releasedIds = new Set(released.map((r) => r.id));
    await giveBackQuota(
      tx,
      requests.filter((r) => releasedIds.has(r.id)),
    );
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'failed', failure_kind = ${kind}, attempts = attempts + 1, last_error = ${message}, updated_at = now()
                         WHERE id = ANY(${uuidArray(ids)}) AND status = 'processing'`);
  });
}

/**
 * Requests a stopping worker claimed and never handed over (one transaction): the reservation is
 * removed, its quota given back, and the request scheduled again, as the lease recovery would do
 * for a worker that died, but at once. Only reservations this worker still holds.
 */
async function releaseUnsent(ctx: AppContext, workerId: string, requests: Reserved[]) {
  if (requests.length === 0) return;
  await ctx.db.transaction(async (tx) => {
    const released = await queryRows<{ id: string }>(
      tx,
      sql`DELETE FROM email_send_ledger WHERE request_id = ANY(${uuidArray(requests.map((r) => r.id))}) AND state = 'reserved' AND worker_id = ${workerId}
          RETURNING request_id::text AS id`,
    );
    const releasedIds = new Set(released.map((r) => r.id));
    await giveBackQuota(
      tx,
      requests.filter((r) => releasedIds.has(r.id)),
    );
    await tx.execute(sql`UPDATE shopify_review_requests SET status = 'scheduled', updated_at = now() WHERE id = ANY(${uuidArray([...releasedIds])}) AND status = 'processing'`);
    ctx.log.child('sender').info('claimed requests released: the worker is stopping', { count: releasedIds.size });
  });
}

type OpenEntry = { request_id: string; state: 'reserved' | 'transmitting'; message_id: string; shop_domain: string; month_period_start: string | null; day_start: string };

/** Resolves sends left open by workers that died (older than the lease). Returns how many. */
export async function recoverAbandoned(ctx: AppContext, now = new Date()): Promise<{ rescheduled: number; confirmed: number; unconfirmed: number }> {
  const cutoff = new Date(now.getTime() - ctx.config.sending.leaseSeconds * 1000).toISOString();
  const open = await queryRows<OpenEntry>(
    ctx.db,
    sql`SELECT l.request_id::text, l.state, l.message_id, s.shop_domain, l.month_period_start::text, l.day_start::text
        FROM email_send_ledger l JOIN shopify_stores s ON s.id = l.shop_id
        WHERE l.state IN ('reserved', 'transmitting') AND coalesce(l.transmitting_at, l.reserved_at) < ${cutoff}::timestamptz
        LIMIT 1000`,
  );
  const tally = { rescheduled: 0, confirmed: 0, unconfirmed: 0 };
  for (const entry of open) {
    // Asked outside any transaction: the outbox transport reads the database itself.
    const accepted = entry.state === 'transmitting' ? await ctx.mailer.wasAccepted(entry.message_id) : false;
    await ctx.db.transaction(async (tx) => {
      const [still] = await queryRows<{ state: string }>(
        tx,
        sql`SELECT state FROM email_send_ledger WHERE request_id = ${entry.request_id}::uuid AND state = ${entry.state}
              AND coalesce(transmitting_at, reserved_at) < ${cutoff}::timestamptz FOR UPDATE SKIP LOCKED`,
      );
      if (!still) return;
      if (accepted === false) {
        // The transport never had it: give the quota back and let the next claim send it, once.
        await addUsage(tx, entry.shop_domain, entry.month_period_start ? new Date(entry.month_period_start) : null, new Date(entry.day_start), -1);
        await tx.execute(sql`DELETE FROM email_send_ledger WHERE request_id = ${entry.request_id}::uuid`);
        await tx.execute(sql`UPDATE shopify_review_requests SET status = 'scheduled', updated_at = now() WHERE id = ${entry.request_id}::uuid AND status = 'processing'`);
        tally.rescheduled++;
      } else {
        await tx.execute(sql`UPDATE email_send_ledger SET state = 'sent', completed_at = now() WHERE request_id = ${entry.request_id}::uuid`);
        await tx.execute(sql`UPDATE shopify_review_requests SET status = 'sent', sent_at = coalesce(sent_at, now()), attempts = attempts + 1,
                               last_error = ${accepted === null ? ERRORS.unconfirmed : null}, updated_at = now()
                             WHERE id = ${entry.request_id}::uuid AND status = 'processing'`);
        await scheduleFlowReminders(tx, [entry.request_id]);
        if (accepted === null) tally.unconfirmed++;
        else tally.confirmed++;
      }
    });
  }
  if (open.length) ctx.log.child('sender').warn('abandoned sends resolved', tally);
  return tally;
}

/** The hourly run: resolve abandoned sends, then send until nothing is due. */
export async function runDueSends(ctx: AppContext, options: SendRunOptions & { maxClaims?: number }): Promise<SendRunResult> {
  // Wall-clock start: requests that fail during this run are not retried by it (updated_at is after).
  const runStartedAt = new Date();
  await recoverAbandoned(ctx, options.now ?? runStartedAt);
  return claimAndSend(ctx, { ...options, runStartedAt, exclude: new Set(), continuous: true });
}
