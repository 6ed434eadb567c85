/**
 * HTTP surface of review requests: /api/flows, /api/review-requests, the public unsubscribe endpoint,
 * and the spec's server functions process-review-requests, generate-review-requests,
 * shopify-import-history and send-email (all behind the merchant's session: GUIDE stance).
 */
import { hostname } from 'node:os';
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { shopifyStores } from '../../db/schema';
import { SPREAD_LIMITS } from '../../core/schedule-spread';
import type { AppContext } from '../context';
import { requireSession, type SessionEnv } from '../auth/session';
import { ApiError, parseJsonBody, parseWith } from '../http/errors';
import { hitRateLimit } from '../security/rate-limit';
import { noStoreMessage, ownedStore, shopifyFailure } from '../shopify/function-routes';
import { findActiveStore } from '../stores/service';
import { createFlow, deleteFlow, flowInput, listFlows, newFlowInput, updateFlow } from './flows';
import { generateForStore } from './generate';
import { importHistory } from './import-history';
import { sendBatch, type SendRunResult } from './sender';
import { sendOneOff, sendEmailInput } from './send-email';
import { cancelRequest, createShareLink, listRequests, requeueUnconfirmed } from './service';
import { unsubscribe, unsubscribeStatus } from './unsubscribe';
import { planDisplayName } from './quota';

const noSubscriptionMessage = 'Un abonnement actif est nécessaire pour envoyer des e-mails. Choisissez un plan pour continuer.';

const uuid = z.string().uuid({ message: 'Identifiant invalide' });
const userOf = (c: Context<SessionEnv>) => c.get('session').user.id;

async function activeStoreOf(ctx: AppContext, userId: string) {
  const store = await findActiveStore(ctx.db, userId);
  if (!store) throw new ApiError(404, noStoreMessage);
  return store;
}

export function flowRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  app.use('*', requireSession(ctx));
  app.get('/', async (c) => {
    const storeId = c.req.query('store_id');
    return c.json(await listFlows(ctx.db, userOf(c), storeId ? parseWith(uuid, storeId) : undefined));
  });
  app.post('/', async (c) => {
    const input = await parseJsonBody(c, newFlowInput);
    return c.json({ flow: await createFlow(ctx.db, userOf(c), input.shopify_store_id, input) }, 201);
  });
  app.put('/:id', async (c) => {
    const input = await parseJsonBody(c, flowInput);
    return c.json({ flow: await updateFlow(ctx.db, userOf(c), parseWith(uuid, c.req.param('id')), input) });
  });
  app.delete('/:id', async (c) => {
    await deleteFlow(ctx.db, userOf(c), parseWith(uuid, c.req.param('id')));
    return c.json({ ok: true });
  });
  return app;
}

const pageQuery = z.coerce.number({ message: 'Page invalide' }).int('Page invalide').min(1, 'Page invalide').max(1_000_000, 'Page invalide');

export function reviewRequestRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  app.use('*', requireSession(ctx));
  app.get('/', async (c) => {
    const store = await activeStoreOf(ctx, userOf(c));
    const page = parseWith(pageQuery, c.req.query('page') ?? '1');
    return c.json(await listRequests(ctx.db, store.id, page));
  });
  app.post('/share-link', async (c) => {
    const store = await activeStoreOf(ctx, userOf(c));
    return c.json(await createShareLink(ctx.db, { id: store.id, userId: userOf(c) }, ctx.config.appUrl), 201);
  });
  app.delete('/:id', async (c) => {
    const store = await activeStoreOf(ctx, userOf(c));
    await cancelRequest(ctx.db, store.id, parseWith(uuid, c.req.param('id')));
    return c.json({ ok: true });
  });
  // Re-send an unconfirmed e-mail now (counted once in the quota); answered like 'send now'.
  app.post('/:id/resend', async (c) => {
    const store = await activeStoreOf(ctx, userOf(c));
    const id = parseWith(uuid, c.req.param('id'));
    await requeueUnconfirmed(ctx.db, store.id, id);
    const result = await sendBatch(ctx, { workerId: `web:${hostname()}:${process.pid}`, manual: { storeId: store.id, requestIds: [id] } });
    return c.json(await manualSendResponse(ctx, result));
  });
  return app;
}

/** No session: the customer follows a link from the e-mail (and mail providers POST the one-click URL). */
export function publicUnsubscribeRoutes(ctx: AppContext) {
  const app = new Hono();
  app.get('/:token', async (c) => c.json(await unsubscribeStatus(ctx.db, c.req.param('token'), ctx.config.authSecret)));
  app.post('/:token', async (c) => c.json(await unsubscribe(ctx.db, c.req.param('token'), ctx.config.authSecret)));
  return app;
}

const manualSendBody = z.object({
  manual: z.literal(true, { message: 'Seul l’envoi manuel est accepté ici' }),
  requestIds: z.array(uuid).min(1, 'Aucune demande indiquée').max(50, '50 demandes au plus à la fois'),
});

const importBody = z.discriminatedUnion('immediate', [
  z.object({ shop_id: uuid, immediate: z.literal(true) }),
  z.object({
    shop_id: uuid,
    immediate: z.literal(false),
    days_to_spread: z.number().int().min(SPREAD_LIMITS.minDays, 'Le nombre de jours doit être compris entre 1 et 30').max(SPREAD_LIMITS.maxDays, 'Le nombre de jours doit être compris entre 1 et 30'),
    send_days: z
      .array(z.number().int().min(0).max(6), { message: "Jours d'envoi invalides" })
      .min(1, "Choisissez au moins un jour d'envoi")
      .max(7)
      .transform((days) => [...new Set(days)]),
    send_hour: z.number().int().min(0, "L'heure d'envoi doit être comprise entre 0 et 23").max(23, "L'heure d'envoi doit être comprise entre 0 et 23"),
  }),
], { message: 'Mode d’importation invalide' });

/** The spec's response for a manual send, with the quota details its error text needs. */
async function manualSendResponse(ctx: AppContext, result: SendRunResult) {
  const base = { success: result.processed > 0 && result.failed === 0, processed: result.processed, failed: result.failed, quota_exceeded: false };
  if (result.quotaExceeded) {
    const plan = await planDisplayName(ctx.db, result.quotaExceeded.plan);
    return { ...base, success: false, quota_exceeded: true, plan, quota: result.quotaExceeded.quota, used: result.quotaExceeded.used };
  }
  if (result.dailyLimitReached) {
    return { ...base, success: false, error: `Limite d'envoi quotidienne atteinte (${result.dailyLimitReached.limit} emails par jour). La demande reste programmée et partira demain.` };
  }
  return base;
}

export function requestFunctionRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  const session = requireSession(ctx);

  app.post('/process-review-requests', session, async (c) => {
    const { requestIds } = await parseJsonBody(c, manualSendBody);
    const store = await activeStoreOf(ctx, userOf(c));
    const result = await sendBatch(ctx, { workerId: `web:${hostname()}:${process.pid}`, manual: { storeId: store.id, requestIds: [...new Set(requestIds)] } });
    return c.json(await manualSendResponse(ctx, result));
  });

  app.post('/generate-review-requests', session, async (c) => {
    const store = await activeStoreOf(ctx, userOf(c));
    const total = await generateForStore(ctx.db, store.id);
    return c.json({ success: true, total_created: total });
  });

  app.post('/shopify-import-history', session, async (c) => {
    const body = await parseJsonBody(c, importBody);
    const store = await ownedStore(ctx, userOf(c), body.shop_id);
    const limit = await hitRateLimit(ctx.db, `import-history:${store.id}`, { max: 10, windowSeconds: 3600 });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw new ApiError(429, 'Trop d’importations en peu de temps. Réessayez dans une heure.');
    }
    try {
      const mode = body.immediate ? ({ immediate: true } as const) : { immediate: false as const, daysToSpread: body.days_to_spread, sendDays: body.send_days, sendHour: body.send_hour };
      return c.json({ success: true, ...(await importHistory(ctx, store, mode)) });
    } catch (error) {
      const failure = shopifyFailure(error);
      return c.json({ success: false, synced_count: 0, scheduled_count: 0, error: "Erreur lors de l'importation" }, failure.status);
    }
  });

  app.post('/send-email', session, async (c) => {
    const body = await parseJsonBody(c, sendEmailInput);
    const [store] = await ctx.db.select().from(shopifyStores).where(eq(shopifyStores.id, body.shopifyStoreId));
    if (!store || store.userId !== userOf(c) || !store.isActive) throw new ApiError(404, noStoreMessage);
    // As for review requests: no sending without a subscription in force.
    if (store.subscriptionStatus !== 'active') throw new ApiError(403, noSubscriptionMessage);
    const limit = await hitRateLimit(ctx.db, `send-email:${userOf(c)}`, { max: 30, windowSeconds: 3600 });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw new ApiError(429, 'Trop d’e-mails envoyés en peu de temps. Réessayez plus tard.');
    }
    return c.json(await sendOneOff(ctx, store, body));
  });

  return app;
}
