/**
 * /api/shopify: what the install screens call.
 * - GET  /installations/:token          the shop and chosen plan of an installation link
 * - POST /installations/:token/plan     choose a plan (plan selection screen)
 * - POST /installations/:token/claim    claim the link for the signed-in merchant and get the OAuth URL
 * - POST /connect                       OAuth URL for a signed-in merchant reconnecting a shop
 * - GET  /diagnostic                     the connection diagnostic of the merchant's store
 * - POST /test-installations            developer tool: an installation link for a test shop
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../context';
import { requireSession, type SessionEnv } from '../auth/session';
import { ApiError, parseJsonBody } from '../http/errors';
import { findActiveStore } from '../stores/service';
import { findPlan } from './billing';
import { runDiagnostic } from './diagnostic';
import { normalizeShopDomain } from './hmac';
import { bindStateToBrowser } from './oauth-binding';
import { claimInstallationToken, createInstallationToken, createOAuthState, readInstallationToken, selectPlanForToken } from './install-service';

const messages = {
  invalidShop: 'Domaine Shopify invalide. Veuillez utiliser votre domaine .myshopify.com',
  noPlan: 'Aucun plan sélectionné. Veuillez choisir un plan.',
  planSelectFailed: 'Impossible de sélectionner le plan. Veuillez réessayer.',
  claimFailed: "Impossible de terminer l'installation. Veuillez réessayer.",
  alreadyConnected: 'Une boutique Shopify est déjà connectée à votre compte. Déconnectez-la avant d’en connecter une autre.',
} as const;

const planBody = z.object({ plan_id: z.string().uuid({ message: messages.noPlan }) });
const claimBody = z.object({ plan_id: z.string().uuid({ message: messages.noPlan }).nullable().optional() });
const shopBody = z.object({ shop: z.string().min(1, { message: messages.invalidShop }) });

export function installationRoutes(ctx: AppContext) {
  const app = new Hono<SessionEnv>();
  const session = requireSession(ctx);

  app.get('/installations/:token', async (c) => {
    const viewer = await ctx.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    const read = await readInstallationToken(ctx.db, c.req.param('token'), viewer?.user.id ?? null);
    if ('error' in read) throw new ApiError(read.status, read.error);
    const plan = read.token.selectedPlanId ? await findPlan(ctx.db, read.token.selectedPlanId) : null;
    return c.json({
      shop_domain: read.token.shopDomain,
      expires_at: read.token.expiresAt,
      selected_plan: plan ? { id: plan.id, code: plan.code, name: plan.name, price_amount: plan.priceAmount, price_currency: plan.priceCurrency, email_quota: plan.emailQuota } : null,
    });
  });

  app.post('/installations/:token/plan', async (c) => {
    const { plan_id } = await parseJsonBody(c, planBody);
    if (!(await findPlan(ctx.db, plan_id))) throw new ApiError(400, messages.planSelectFailed);
    const read = await readInstallationToken(ctx.db, c.req.param('token'), null);
    if ('error' in read) throw new ApiError(read.status, read.error);
    if (!(await selectPlanForToken(ctx.db, read.token.installationToken, plan_id))) throw new ApiError(410, messages.planSelectFailed);
    return c.json({ ok: true });
  });

  app.post('/installations/:token/claim', session, async (c) => {
    const { plan_id } = await parseJsonBody(c, claimBody);
    const user = c.get('session').user;
    if (plan_id && !(await findPlan(ctx.db, plan_id))) throw new ApiError(400, messages.noPlan);
    // Refusals come before the claim: a refused claim must not spend the link (nor change its plan).
    const read = await readInstallationToken(ctx.db, c.req.param('token'), user.id);
    if ('error' in read) throw new ApiError(409, read.error);
    const current = await findActiveStore(ctx.db, user.id);
    if (current && current.shop_domain !== read.token.shopDomain) throw new ApiError(409, messages.alreadyConnected);
    if (!plan_id && !read.token.selectedPlanId) throw new ApiError(400, messages.noPlan);
    const claimed = await claimInstallationToken(ctx.db, { token: read.token.installationToken, userId: user.id, planId: plan_id ?? null });
    if ('error' in claimed) throw new ApiError(409, claimed.error);
    if (!claimed.token.selectedPlanId) throw new ApiError(400, messages.noPlan);
    const state = await createOAuthState(ctx.db, {
      userId: user.id,
      metadata: { shop_domain: claimed.token.shopDomain, installation_token: claimed.token.installationToken },
    });
    bindStateToBrowser(c, ctx.config, state);
    const params = new URLSearchParams({ shop: claimed.token.shopDomain, state });
    return c.json({ redirect_url: `/functions/v1/shopify-auth?${params}` });
  });

  app.post('/connect', session, async (c) => {
    const { shop: raw } = await parseJsonBody(c, shopBody);
    const shop = normalizeShopDomain(raw);
    if (!shop) throw new ApiError(400, messages.invalidShop);
    const user = c.get('session').user;
    const current = await findActiveStore(ctx.db, user.id);
    if (current && current.shop_domain !== shop) throw new ApiError(409, messages.alreadyConnected);
    const state = await createOAuthState(ctx.db, { userId: user.id, metadata: { shop_domain: shop } });
    // The link only works in this browser: handed to someone else, it goes nowhere.
    bindStateToBrowser(c, ctx.config, state);
    return c.json({ redirect_url: `/functions/v1/shopify-auth?${new URLSearchParams({ shop, state })}` });
  });

  app.get('/diagnostic', session, async (c) => c.json(await runDiagnostic(ctx, c.get('session').user.id)));

  app.post('/test-installations', async (c) => {
    // Developer tool (spec: /shopify/test-onboarding): only with the emulator or outside production.
    if (ctx.config.production && !ctx.config.shopify.emulator) throw new ApiError(404, 'Ressource introuvable.');
    const { shop: raw } = await parseJsonBody(c, shopBody);
    const shop = normalizeShopDomain(raw);
    if (!shop) throw new ApiError(400, messages.invalidShop);
    const token = await createInstallationToken(ctx.db, shop);
    const params = new URLSearchParams({ token, shop });
    return c.json({ token, shop, plan_selection_url: `${ctx.config.appUrl}/shopify/plan-selection?${params}` });
  });

  return app;
}
