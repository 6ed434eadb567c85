/**
 * /api/shopify: what the install screens call.
 * - GET  /installations/:token          the shop and chosen plan of an installation link
 * - POST /installations/:token/plan     choose a plan (plan selection screen)
 * - POST /installations/:token/claim    claim the link for the signed-in merchant and get the OAuth URL
 * - POST /connect                       OAuth URL for a signed-in merchant reconnecting a shop
 * - GET  /diagnostic                     the connection diagnostic of the merchant's store
 * - POST /test-installations            developer tool: an installation link for a test shop (created on the
 *                                       local Shopify emulator first when it is mounted and the shop is missing)
 */
import { claimInstallation, connectShop, createTestInstallation, diagnostic, getInstallation, selectInstallationPlan } from '#core/api/shopify';
import type { AppContext } from '../context';
import { DomainError } from '../domain-error';
import { route } from '../http/route';
import { findActiveStore } from '../stores/service';
import { resolveSession } from '../stores/tenancy';
import { findPlan } from './billing';
import { runDiagnostic } from '../diagnostic/diagnostic';
import { bindStateToBrowser } from './oauth-binding';
import { claimInstallationToken, claimRefusal, createInstallationToken, createOAuthState, readInstallationToken, selectPlanForToken } from './install-service';

/** The OAuth start the browser loads next (same-site path). */
const oauthStartUrl = (shop: string, state: string) => `/functions/v1/shopify-auth?${new URLSearchParams({ shop, state })}`;

export function installationRoutes(ctx: AppContext) {
  /** One store per account: a merchant with another active shop must disconnect it first. */
  const refuseSecondShop = async (userId: string, shop: string) => {
    const current = await findActiveStore(ctx.db, userId);
    if (current && current.shop_domain !== shop) throw new DomainError('store_already_connected');
  };

  /** The test shop on the local Shopify emulator, created if missing; null without the emulator (real Shopify). */
  const ensureEmulatorShop = async (shop: string): Promise<'created' | 'existing' | null> => {
    const emulator = ctx.emulator;
    if (!emulator) return null;
    if (await emulator.state.getShop(shop)) return 'existing';
    try {
      await emulator.state.createShop({ domain: shop });
      return 'created';
    } catch (error) {
      // Created meanwhile by a concurrent request: it exists, which is all the install needs.
      if (await emulator.state.getShop(shop)) return 'existing';
      throw error;
    }
  };

  return [
    route(getInstallation, async ({ c, params }) => {
      // The claimer may read their (used) link again: the session, if any, says who is asking.
      const viewer = await resolveSession(ctx, c.req.raw.headers);
      const token = await readInstallationToken(ctx.db, params.token, viewer?.user.id ?? null);
      const plan = token.selectedPlanId ? await findPlan(ctx.db, token.selectedPlanId) : null;
      return {
        shop_domain: token.shopDomain,
        expires_at: token.expiresAt,
        selected_plan: plan
          ? { id: plan.id, code: plan.code, name: plan.name, price_amount: plan.priceAmount, price_currency: plan.priceCurrency, email_quota: plan.emailQuota }
          : null,
      };
    }),

    route(selectInstallationPlan, async ({ params, body }) => {
      if (!(await findPlan(ctx.db, body.plan_id))) throw new DomainError('plan_selection_failed');
      const token = await readInstallationToken(ctx.db, params.token, null);
      if (!(await selectPlanForToken(ctx.db, token.installationToken, body.plan_id))) {
        // Claimed or expired since the read: say which.
        await readInstallationToken(ctx.db, params.token, null);
        throw new DomainError('installation_used');
      }
      return { ok: true as const };
    }),

    route(claimInstallation, async ({ c, params, body, session }) => {
      const userId = session.user.id;
      const planId = body.plan_id ?? null;
      if (planId && !(await findPlan(ctx.db, planId))) throw new DomainError('no_plan_selected');
      // Refusals come before the claim: a refused claim must not spend the link (nor change its plan).
      const token = await readInstallationToken(ctx.db, params.token, userId).catch((error: unknown) => {
        throw claimRefusal(error);
      });
      await refuseSecondShop(userId, token.shopDomain);
      if (!planId && !token.selectedPlanId) throw new DomainError('no_plan_selected');
      const claimed = await claimInstallationToken(ctx.db, { token: token.installationToken, userId, planId });
      if (!claimed.selectedPlanId) throw new DomainError('no_plan_selected');
      const state = await createOAuthState(ctx.db, {
        userId,
        metadata: { shop_domain: claimed.shopDomain, installation_token: claimed.installationToken },
      });
      bindStateToBrowser(c, ctx.config, state);
      return { redirect_url: oauthStartUrl(claimed.shopDomain, state) };
    }),

    route(connectShop, async ({ c, body, session }) => {
      await refuseSecondShop(session.user.id, body.shop);
      const state = await createOAuthState(ctx.db, { userId: session.user.id, metadata: { shop_domain: body.shop } });
      // The link only works in this browser: handed to someone else, it goes nowhere.
      bindStateToBrowser(c, ctx.config, state);
      return { redirect_url: oauthStartUrl(body.shop, state) };
    }),

    route(diagnostic, async ({ session }) => runDiagnostic(ctx, session.user.id)),

    // Developer tool (spec: /shopify/test-onboarding): only with the emulator or outside production
    // (elsewhere the path is unknown: 404).
    ...(ctx.config.production && !ctx.config.shopify.emulator
      ? []
      : [
          route(createTestInstallation, async ({ body }) => {
            // The install would end at 'Boutique introuvable' on the local Shopify: create the shop first.
            const emulatorShop = await ensureEmulatorShop(body.shop);
            const token = await createInstallationToken(ctx.db, body.shop);
            const params = new URLSearchParams({ token, shop: body.shop });
            return {
              token,
              shop: body.shop,
              plan_selection_url: `${ctx.config.appUrl}/shopify/plan-selection?${params}`,
              emulator_shop: emulatorShop,
            };
          }),
        ]),
  ];
}
