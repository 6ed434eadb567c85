/**
 * The install flow's state: OAuth states (15 minutes, one use), installation tokens (the spec's
 * `claim_installation_token` rules), and connecting a shop to an account with its tokens sealed.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ErrorCode } from '#core/api/codes';
import type { Queryable } from '#db/client';
import { oauthStates, shopifyInstallationTokens, shopifyStores, storeAbsences } from '#db/schema';
import { DomainError } from '../domain-error';
import { seal } from '../security/encryption';
import { newPublicToken } from '../security/tokens';
import type { AccessTokens } from './facade';

export const OAUTH_STATE_TTL_MS = 15 * 60 * 1000;
export const INSTALLATION_TOKEN_TTL_MS = 60 * 60 * 1000;

export interface OAuthStateMetadata {
  shop_domain: string;
  installation_token?: string;
}

export async function createOAuthState(db: Queryable, input: { userId: string | null; metadata: OAuthStateMetadata }, now = new Date()) {
  const stateToken = newPublicToken();
  await db.insert(oauthStates).values({
    stateToken,
    userId: input.userId,
    provider: 'shopify',
    metadata: input.metadata,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
  });
  return stateToken;
}

type OAuthStateRow = typeof oauthStates.$inferSelect;
export type InstallationTokenRow = typeof shopifyInstallationTokens.$inferSelect;

/** Looks a state up without using it (before sending the browser to Shopify); throws its refusal. */
export async function peekOAuthState(db: Queryable, stateToken: string, now = new Date()): Promise<OAuthStateRow> {
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.stateToken, stateToken));
  if (!row) throw new DomainError('invalid_state');
  if (row.usedAt) throw new DomainError('state_already_used');
  if (row.expiresAt <= now) throw new DomainError('expired_state');
  return row;
}

/** Uses a state once, atomically: two callbacks with the same state cannot both succeed. */
export async function consumeOAuthState(db: Queryable, stateToken: string, now = new Date()): Promise<OAuthStateRow> {
  const [used] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateToken, stateToken), sql`${oauthStates.usedAt} IS NULL`, sql`${oauthStates.expiresAt} > ${now}`))
    .returning();
  if (used) return used;
  await peekOAuthState(db, stateToken, now);
  // Spent between our update and the look-up: another callback won.
  throw new DomainError('state_already_used');
}

export async function createInstallationToken(db: Queryable, shopDomain: string, now = new Date(), ttlMs = INSTALLATION_TOKEN_TTL_MS) {
  const installationToken = newPublicToken();
  await db.insert(shopifyInstallationTokens).values({ installationToken, shopDomain, expiresAt: new Date(now.getTime() + ttlMs) });
  return installationToken;
}

/**
 * A token is valid if not expired and not used; a used one is accepted for the user who claimed it.
 * Throws `installation_not_found`, `installation_used` or `installation_expired`.
 */
export async function readInstallationToken(db: Queryable, token: string, userId: string | null, now = new Date()): Promise<InstallationTokenRow> {
  const [row] = await db.select().from(shopifyInstallationTokens).where(eq(shopifyInstallationTokens.installationToken, token));
  if (!row) throw new DomainError('installation_not_found');
  if (row.usedAt && (!userId || row.userId !== userId)) throw new DomainError('installation_used');
  if (row.expiresAt <= now) throw new DomainError('installation_expired');
  return row;
}

/** Why a claim is refused (`installation_claim_refused`'s `reason`), by the link's own refusal. */
const CLAIM_REASONS: Partial<Record<ErrorCode, string>> = { installation_not_found: 'not_found', installation_used: 'used', installation_expired: 'expired' };

/** A refused claim answers 409 with its own code; the link's refusal says why. Other errors pass. */
export function claimRefusal(error: unknown): unknown {
  const reason = error instanceof DomainError ? CLAIM_REASONS[error.code] : undefined;
  return reason ? new DomainError('installation_claim_refused', { values: { reason } }) : error;
}

export async function selectPlanForToken(db: Queryable, token: string, planId: string, now = new Date()) {
  const [row] = await db
    .update(shopifyInstallationTokens)
    .set({ selectedPlanId: planId })
    .where(and(eq(shopifyInstallationTokens.installationToken, token), sql`${shopifyInstallationTokens.usedAt} IS NULL`, sql`${shopifyInstallationTokens.expiresAt} > ${now}`))
    .returning();
  return row ?? null;
}

/**
 * The spec's claim_installation_token(p_token, p_user_id, p_plan_id): one atomic update. Succeeds for an
 * unused, unexpired token, or for one already claimed by the same user; two claims at once: one wins.
 * A refusal is `installation_claim_refused` (its `reason`: not_found, used, expired).
 */
export async function claimInstallationToken(db: Queryable, input: { token: string; userId: string; planId: string | null }, now = new Date()): Promise<InstallationTokenRow> {
  const [claimed] = await db
    .update(shopifyInstallationTokens)
    .set({
      usedAt: sql`coalesce(${shopifyInstallationTokens.usedAt}, ${now})`,
      userId: input.userId,
      selectedPlanId: input.planId ? input.planId : sql`${shopifyInstallationTokens.selectedPlanId}`,
    })
    .where(
      and(
        eq(shopifyInstallationTokens.installationToken, input.token),
        sql`${shopifyInstallationTokens.expiresAt} > ${now}`,
        sql`(${shopifyInstallationTokens.usedAt} IS NULL OR ${shopifyInstallationTokens.userId} = ${input.userId})`,
      ),
    )
    .returning();
  if (claimed) return claimed;
  try {
    await readInstallationToken(db, input.token, null, now);
  } catch (error) {
    throw claimRefusal(error);
  }
  // Readable, yet not claimable by us: another account claimed it meanwhile.
  throw new DomainError('installation_claim_refused', { values: { reason: 'used' } });
}

/** The configured scopes not granted (a write scope grants its read scope, as on Shopify). */
export function missingScopes(granted: string | null, wanted: string): string[] {
  const have = new Set((granted ?? '').split(',').map((s) => s.trim()));
  return wanted
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .filter((s) => !have.has(s) && !(s.startsWith('read_') && have.has(`write_${s.slice(5)}`)));
}

/** Every configured scope is granted. */
export const scopesCover = (granted: string | null, wanted: string): boolean => missingScopes(granted, wanted).length === 0;

/**
 * Connects `shop` to `userId` with its tokens sealed under `key`. One active store per account: an
 * account with another active shop must disconnect it first (`store_already_connected`). A shop
 * active on another account is refused (`shop_owned_by_another_account`): that account disconnects
 * it, or the shop's owner uninstalls the app on Shopify (which only the shop's staff can do, and
 * which deactivates it here), before it can be connected again.
 */
export async function connectStore(db: Queryable, key: Buffer, input: { userId: string; shopDomain: string; shopName: string | null; tokens: AccessTokens }, now = new Date()) {
  return db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: shopifyStores.id })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.userId, input.userId), eq(shopifyStores.isActive, true), ne(shopifyStores.shopDomain, input.shopDomain)));
    if (other) throw new DomainError('store_already_connected');

    const [elsewhere] = await tx
      .select({ id: shopifyStores.id })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.shopDomain, input.shopDomain), eq(shopifyStores.isActive, true), ne(shopifyStores.userId, input.userId)))
      .for('update');
    if (elsewhere) throw new DomainError('shop_owned_by_another_account');

    const values = {
      shopName: input.shopName,
      accessToken: seal(key, input.tokens.accessToken),
      refreshToken: input.tokens.refreshToken ? seal(key, input.tokens.refreshToken) : null,
      accessTokenExpiresAt: input.tokens.expiresIn ? new Date(now.getTime() + input.tokens.expiresIn * 1000) : null,
      refreshTokenExpiresAt: input.tokens.refreshTokenExpiresIn ? new Date(now.getTime() + input.tokens.refreshTokenExpiresIn * 1000) : null,
      scope: input.tokens.scope,
      isActive: true,
      uninstalledAt: null,
      awayReason: null,
      updatedAt: now,
    };
    const [existing] = await tx
      .select({ id: shopifyStores.id, isActive: shopifyStores.isActive, awayReason: shopifyStores.awayReason, uninstalledAt: shopifyStores.uninstalledAt })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.userId, input.userId), eq(shopifyStores.shopDomain, input.shopDomain)))
      .orderBy(sql`${shopifyStores.isActive} DESC, ${shopifyStores.installedAt} DESC`)
      .limit(1);
    if (existing) {
      const [store] = await tx
        .update(shopifyStores)
        // A reinstall is not paid for until Shopify says so (the billing read that follows).
        .set({
          ...values,
          // Billing reads started before this connection (with the previous token) are never applied
          // after it (billing/sync.ts): the caller reads Shopify's billing afresh.
          billingAppliedTicket: sql`${shopifyStores.billingReadTicket}`,
          ...(existing.isActive ? {} : { installedAt: now, subscriptionStatus: 'inactive' as const }),
          // Back after a time away: the next reconciliation reads Shopify's orders from when it left at
          // the latest (its own start would be this new install date), so the orders paid meanwhile are
          // recorded, asked or not by the flows, and told to the merchant (decision 045).
          ...(!existing.isActive && existing.uninstalledAt
            ? {
                ordersReconciledAt: sql`least(coalesce(${shopifyStores.ordersReconciledAt}, ${existing.uninstalledAt.toISOString()}::timestamptz), ${existing.uninstalledAt.toISOString()}::timestamptz)`,
              }
            : {}),
        })
        .where(eq(shopifyStores.id, existing.id))
        .returning();
      // A reinstall is a new start; a reconnect of an installed store keeps the merchant's choices (even no flow).
      if (!existing.isActive) await ensureDefaultFlow(tx, store!.id);
      // Back after a time away: the merchant is told what happened meanwhile (stores/absence.ts).
      if (!existing.isActive && existing.uninstalledAt)
        await tx.insert(storeAbsences).values({ shopId: existing.id, reason: existing.awayReason ?? 'disconnected', awayFrom: existing.uninstalledAt, backAt: now });
      return store!;
    }
    const [store] = await tx
      .insert(shopifyStores)
      .values({ userId: input.userId, shopDomain: input.shopDomain, installedAt: now, ...values })
      .returning();
    // The shop's customers who unsubscribed stay unsubscribed when the shop moves to another account.
    await tx.execute(sql`
      INSERT INTO email_suppressions (shop_id, email, reason, created_at)
      SELECT ${store!.id}::uuid, x.email, min(x.reason), min(x.created_at)
      FROM email_suppressions x JOIN shopify_stores s ON s.id = x.shop_id
      WHERE s.shop_domain = ${input.shopDomain} AND s.id <> ${store!.id}::uuid
      GROUP BY x.email
      ON CONFLICT DO NOTHING`);
    await ensureDefaultFlow(tx, store!.id);
    return store!;
  });
}

/**
 * A store without any flow gets the spec's default one ('Nouveau flux': fulfilled orders, 3 days,
 * e-mail, all orders, active: the table's defaults) when it is installed, so a new install asks for
 * reviews without the merchant opening /app/flow. A store that has flows, even inactive ones, keeps
 * them as they are.
 */
async function ensureDefaultFlow(tx: Queryable, storeId: string) {
  await tx.execute(sql`INSERT INTO flow_configurations (shop_id)
    SELECT ${storeId}::uuid WHERE NOT EXISTS (SELECT 1 FROM flow_configurations WHERE shop_id = ${storeId}::uuid)`);
}

/**
 * Disconnects the user's active store here (spec: is_active false plus uninstall date). Shopify's
 * installation and subscription are separate (stores/routes.ts asks the merchant what to do there).
 */
export async function disconnectStore(db: Queryable, userId: string, storeId: string, now = new Date()) {
  const [store] = await db
    .update(shopifyStores)
    .set({ isActive: false, uninstalledAt: now, awayReason: 'disconnected', updatedAt: now })
    .where(and(eq(shopifyStores.id, storeId), eq(shopifyStores.userId, userId), eq(shopifyStores.isActive, true)))
    .returning({ id: shopifyStores.id });
  return store ?? null;
}

/** The installation link `userId` claimed, with its chosen plan (the OAuth callback starts billing with it). */
export async function findClaimedInstallation(db: Queryable, token: string, userId: string): Promise<InstallationTokenRow | null> {
  const [row] = await db
    .select()
    .from(shopifyInstallationTokens)
    .where(and(eq(shopifyInstallationTokens.installationToken, token), eq(shopifyInstallationTokens.userId, userId)));
  return row ?? null;
}

/** The full record of a store already resolved by the tenancy rule (billing needs its tokens). */
export async function storeRecord(db: Queryable, storeId: string) {
  const [store] = await db.select().from(shopifyStores).where(eq(shopifyStores.id, storeId));
  if (!store) throw new DomainError('no_store');
  return store;
}
