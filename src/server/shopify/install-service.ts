/**
 * The install flow's state: OAuth states (15 minutes, one use), installation tokens (the spec's
 * `claim_installation_token` rules), and connecting a shop to an account with its tokens sealed.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { oauthStates, shopifyInstallationTokens, shopifyStores } from '../../db/schema';
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

export type StateError = 'invalid_state' | 'expired_state' | 'state_already_used';
type OAuthStateRow = typeof oauthStates.$inferSelect;
export type StateResult = { state: OAuthStateRow } | { error: StateError };
export type InstallationTokenResult = { token: typeof shopifyInstallationTokens.$inferSelect } | { error: string; status: 404 | 410 };
export type ClaimResult = { token: typeof shopifyInstallationTokens.$inferSelect } | { error: string };

/** Looks a state up without using it (before sending the browser to Shopify). */
export async function peekOAuthState(db: Queryable, stateToken: string, now = new Date()): Promise<StateResult> {
  const [row] = await db.select().from(oauthStates).where(eq(oauthStates.stateToken, stateToken));
  if (!row) return { error: 'invalid_state' };
  if (row.usedAt) return { error: 'state_already_used' };
  if (row.expiresAt <= now) return { error: 'expired_state' };
  return { state: row };
}

/** Uses a state once, atomically: two callbacks with the same state cannot both succeed. */
export async function consumeOAuthState(db: Queryable, stateToken: string, now = new Date()): Promise<StateResult> {
  const [used] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(and(eq(oauthStates.stateToken, stateToken), sql`${oauthStates.usedAt} IS NULL`, sql`${oauthStates.expiresAt} > ${now}`))
    .returning();
  if (used) return { state: used };
  const peeked = await peekOAuthState(db, stateToken, now);
  return { error: 'error' in peeked ? peeked.error : 'state_already_used' };
}

export async function createInstallationToken(db: Queryable, shopDomain: string, now = new Date(), ttlMs = INSTALLATION_TOKEN_TTL_MS) {
  const installationToken = newPublicToken();
  await db.insert(shopifyInstallationTokens).values({ installationToken, shopDomain, expiresAt: new Date(now.getTime() + ttlMs) });
  return installationToken;
}

export const installationErrors = {
  notFound: 'Installation token not found',
  alreadyUsed: 'This installation link has already been used. Please start a new installation.',
  expired: 'This installation link has expired. Please start a new installation from Shopify.',
} as const;

export type InstallationTokenRow = typeof shopifyInstallationTokens.$inferSelect;

/** A token is valid if not expired and not used; a used one is accepted for the user who claimed it. */
export async function readInstallationToken(db: Queryable, token: string, userId: string | null, now = new Date()): Promise<InstallationTokenResult> {
  const [row] = await db.select().from(shopifyInstallationTokens).where(eq(shopifyInstallationTokens.installationToken, token));
  if (!row) return { error: installationErrors.notFound, status: 404 };
  if (row.usedAt && (!userId || row.userId !== userId)) return { error: installationErrors.alreadyUsed, status: 410 };
  if (row.expiresAt <= now) return { error: installationErrors.expired, status: 410 };
  return { token: row };
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
 */
export async function claimInstallationToken(db: Queryable, input: { token: string; userId: string; planId: string | null }, now = new Date()): Promise<ClaimResult> {
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
  if (claimed) return { token: claimed };
  const read = await readInstallationToken(db, input.token, null, now);
  return { error: 'error' in read ? read.error : installationErrors.alreadyUsed };
}

export class StoreAlreadyConnectedError extends Error {}
/** The shop is active on another account: it never moves while that account holds it. */
export class ShopOwnedByAnotherAccountError extends Error {}

/**
 * Connects `shop` to `userId` with its tokens sealed under `key`. One active store per account: an
 * account with another active shop must disconnect it first. A shop active on another account is
 * refused: that account disconnects it, or the shop's owner uninstalls the app on Shopify (which
 * only the shop's staff can do, and which deactivates it here), before it can be connected again.
 */
export async function connectStore(
  db: Database,
  key: Buffer,
  input: { userId: string; shopDomain: string; shopName: string | null; tokens: AccessTokens },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [other] = await tx
      .select({ id: shopifyStores.id })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.userId, input.userId), eq(shopifyStores.isActive, true), ne(shopifyStores.shopDomain, input.shopDomain)));
    if (other) throw new StoreAlreadyConnectedError('another store is connected');

    const [elsewhere] = await tx
      .select({ id: shopifyStores.id })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.shopDomain, input.shopDomain), eq(shopifyStores.isActive, true), ne(shopifyStores.userId, input.userId)))
      .for('update');
    if (elsewhere) throw new ShopOwnedByAnotherAccountError('the shop is active on another account');

    const values = {
      shopName: input.shopName,
      accessToken: seal(key, input.tokens.accessToken),
      refreshToken: input.tokens.refreshToken ? seal(key, input.tokens.refreshToken) : null,
      accessTokenExpiresAt: input.tokens.expiresIn ? new Date(now.getTime() + input.tokens.expiresIn * 1000) : null,
      refreshTokenExpiresAt: input.tokens.refreshTokenExpiresIn ? new Date(now.getTime() + input.tokens.refreshTokenExpiresIn * 1000) : null,
      scope: input.tokens.scope,
      isActive: true,
      uninstalledAt: null,
      updatedAt: now,
    };
    const [existing] = await tx
      .select({ id: shopifyStores.id, isActive: shopifyStores.isActive })
      .from(shopifyStores)
      .where(and(eq(shopifyStores.userId, input.userId), eq(shopifyStores.shopDomain, input.shopDomain)))
      .orderBy(sql`${shopifyStores.isActive} DESC, ${shopifyStores.installedAt} DESC`)
      .limit(1);
    if (existing) {
      const [store] = await tx
        .update(shopifyStores)
        .set({ ...values, ...(existing.isActive ? {} : { installedAt: now }) })
        .where(eq(shopifyStores.id, existing.id))
        .returning();
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
    return store!;
  });
}

/** Disconnects the user's active store (spec: is_active false plus uninstall date). */
export async function disconnectStore(db: Queryable, userId: string, storeId: string, now = new Date()) {
  const [store] = await db
    .update(shopifyStores)
    .set({ isActive: false, uninstalledAt: now, updatedAt: now })
    .where(and(eq(shopifyStores.id, storeId), eq(shopifyStores.userId, userId), eq(shopifyStores.isActive, true)))
    .returning({ id: shopifyStores.id });
  return store ?? null;
}
