/**
 * HTTP surface of review requests, through their contracts (core/api/flows.ts, review-requests.ts,
 * unsubscribe.ts): /api/flows, /api/review-requests, the public unsubscribe endpoint, and the spec's
 * server functions process-review-requests, generate-review-requests, shopify-import-history and
 * send-email (all for the active store: docs/product/stances.md). The functions keep the spec's answers
 * (`{ success, … }`); their failures carry a `code` as every error does.
 */
import { hostname } from 'node:os';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_STATUS } from '#core/api/codes';
import { createFlow, deleteFlow, listFlows, updateFlow } from '#core/api/flows';
import {
  cancelRequest,
  createShareLink,
  generateRequests,
  importHistory as importHistoryEndpoint,
  listRequests,
  processRequests,
  resendRequest,
  sendEmail,
  sendForecast,
  type ManualSendResult,
} from '#core/api/review-requests';
import { confirmUnsubscribe, readUnsubscribe } from '#core/api/unsubscribe';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { errorBodyOf } from '../http/errors';
import { jsonAnswer } from '../http/json-answer';
import { route } from '../http/route';
import { requestMessages } from '../messages/review-requests';
import { hitRateLimit } from '../security/rate-limit';
import { ShopifyRequestError } from '../shopify/facade';
import { StoreTokenError } from '../shopify/store-tokens';
import { sameStore } from '../stores/tenancy';
import * as flows from './flows';
import { markWaiting, sendForecast as forecastFor } from './forecast';
import { generateForStore } from './generate';
import { importHistory } from '../orders/import-history';
import { planDisplayName } from '../plans/quota';
import { sendBatch, type SendRunResult } from './sender';
import { sendOneOff } from './send-email';
import * as requests from './service';
import { unsubscribe, unsubscribeStatus } from './unsubscribe';

const workerId = () => `web:${hostname()}:${process.pid}`;

/** Rate limits of the calls that reach Shopify or send mail on the merchant's behalf. */
const IMPORT_LIMIT = { max: 10, windowSeconds: 3600 };
const SEND_EMAIL_LIMIT = { max: 30, windowSeconds: 3600 };

/** The spec's answer to a manual send, with the quota details its message needs. */
async function manualSendResponse(ctx: AppContext, result: SendRunResult): Promise<ManualSendResult> {
  const base = { success: result.processed > 0 && result.failed === 0, processed: result.processed, failed: result.failed, quota_exceeded: false };
  if (result.quotaExceeded) {
    const plan = await planDisplayName(ctx.db, result.quotaExceeded.plan);
    return { ...base, success: false, quota_exceeded: true, plan, quota: result.quotaExceeded.quota, used: result.quotaExceeded.used };
  }
  if (result.dailyLimitReached) {
    return { ...base, success: false, error: requestMessages.dailyLimitDeferred(result.dailyLimitReached.limit), code: 'daily_limit_reached' };
  }
  return base;
}

/** A failure answered in the spec's own shape (`extra`) plus the error's `{ error, code }`. */
function specFailure(c: Context, error: DomainError, extra: Record<string, unknown>) {
  if (error.details.retryAfterSeconds !== undefined) c.header('Retry-After', String(error.details.retryAfterSeconds));
  return jsonAnswer(c, JSON.stringify({ ...extra, ...errorBodyOf(error.code, error.details) }), ERROR_STATUS[error.code] as ContentfulStatusCode);
}

/** Refuses with `code` once the key's window is used up. */
async function rateLimit(ctx: AppContext, key: string, limit: { max: number; windowSeconds: number }, code: 'import_rate_limited' | 'send_email_rate_limited') {
  const hit = await hitRateLimit(ctx.db, key, limit);
  if (!hit.allowed) throw new DomainError(code, { retryAfterSeconds: hit.retryAfterSeconds });
}

function flowRoutes(ctx: AppContext) {
  return [
    route(listFlows, async ({ query, store }) => {
      if (query.store_id) sameStore(store, query.store_id);
      return flows.listFlows(ctx.db, store);
    }),
    route(createFlow, async ({ body, store }) => {
      sameStore(store, body.shopify_store_id);
      return { flow: await flows.createFlow(ctx.db, store.id, body) };
    }),
    route(updateFlow, async ({ params, body, store }) => ({ flow: await flows.updateFlow(ctx.db, store.id, params.id, body) })),
    route(deleteFlow, async ({ params, store }) => {
      await flows.deleteFlow(ctx.db, store.id, params.id);
      return { ok: true } as const;
    }),
  ];
}

const forecastOptions = (ctx: AppContext) => ({ now: new Date(), maxAttempts: ctx.config.sending.maxAttempts });

function calendarRoutes(ctx: AppContext) {
  return [
    // The page's scheduled requests say whether they fit before the period ends (forecast.ts).
    route(listRequests, async ({ query, store }) => markWaiting(ctx.db, store, await requests.listRequests(ctx.db, store.id, query.page), forecastOptions(ctx))),
    route(sendForecast, async ({ store }) => forecastFor(ctx.db, store, forecastOptions(ctx))),
    route(createShareLink, async ({ session, store, body }) => requests.shareLinkOf(ctx.db, { id: store.id, userId: session.user.id }, ctx.config.appUrl, body)),
    route(cancelRequest, async ({ params, store }) => {
      await requests.cancelRequest(ctx.db, store.id, params.id);
      return { ok: true } as const;
    }),
    // Re-send an unconfirmed e-mail now (counted once in the quota); answered like 'send now'.
    route(resendRequest, async ({ params, store }) => {
      await requests.requeueUnconfirmed(ctx.db, store.id, params.id);
      const result = await sendBatch(ctx, { workerId: workerId(), manual: { storeId: store.id, requestIds: [params.id] } });
      return manualSendResponse(ctx, result);
    }),
  ];
}

/** No session: the customer follows a link from the e-mail (and mail providers POST the one-click URL). */
function unsubscribeRoutes(ctx: AppContext) {
  return [
    route(readUnsubscribe, async ({ params }) => unsubscribeStatus(ctx.db, params.token, ctx.config.authSecret)),
    route(confirmUnsubscribe, async ({ params }) => unsubscribe(ctx.db, params.token, ctx.config.authSecret)),
  ];
}

function functionRoutes(ctx: AppContext) {
  return [
    route(processRequests, async ({ body, store }) => {
      const result = await sendBatch(ctx, { workerId: workerId(), manual: { storeId: store.id, requestIds: [...new Set(body.requestIds)] } });
      return manualSendResponse(ctx, result);
    }),

    route(generateRequests, async ({ store }) => ({ success: true, total_created: await generateForStore(ctx.db, store.id) }) as const),

    route(importHistoryEndpoint, async ({ c, body, store }) => {
      sameStore(store, body.shop_id);
      await rateLimit(ctx, `import-history:${store.id}`, IMPORT_LIMIT, 'import_rate_limited');
      const mode = body.immediate
        ? ({ immediate: true } as const)
        : { immediate: false as const, daysToSpread: body.days_to_spread, sendDays: body.send_days, sendHour: body.send_hour };
      try {
        return { success: true, ...(await importHistory(ctx, await requests.storeRecord(ctx.db, store.id), mode)) } as const;
      } catch (error) {
        // Shopify unreachable, refusing, or the store's token gone: the spec's failure body.
        if (!(error instanceof StoreTokenError || error instanceof ShopifyRequestError)) throw error;
        return specFailure(c, new DomainError('import_failed'), { success: false, synced_count: 0, scheduled_count: 0 });
      }
    }),

    route(sendEmail, async ({ c, body, session, store }) => {
      sameStore(store, body.shopifyStoreId);
      // As for review requests: no sending without a subscription in force.
      if (store.subscription_status !== 'active') throw new DomainError('subscription_required');
      await rateLimit(ctx, `send-email:${session.user.id}`, SEND_EMAIL_LIMIT, 'send_email_rate_limited');
      try {
        return await sendOneOff(ctx, store, body);
      } catch (error) {
        // The quota's details travel with the refusal, as the spec's screen needs them.
        if (error instanceof DomainError && error.code === 'quota_exceeded') {
          return specFailure(c, error, { quota_exceeded: true, ...error.details.values });
        }
        throw error;
      }
    }),
  ];
}

export function requestRoutes(ctx: AppContext) {
  return [...flowRoutes(ctx), ...calendarRoutes(ctx), ...unsubscribeRoutes(ctx), ...functionRoutes(ctx)];
}
