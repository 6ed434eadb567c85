// Installation, OAuth and tokens: the consent's single-use codes, the token endpoint (codes, refresh
// tokens, and session tokens by token exchange with Shopify-managed installation), expiring offline
// and online tokens, revocation, and uninstalling.
import type { EmulatorCore } from '../core';
import { randomHex } from '../crypto';
import { isoSeconds } from '../format';
import { shopPayload } from '../payloads';
import { checkSubjectToken, mintSessionToken, type SessionTokenFault } from '../session-tokens';
import type { ShopRecord, TokenGrant, TokenRecord } from '../types';
import { ACCESS_TOKEN_TTL_S, CODE_TTL_MS, EmulatorError, ONLINE_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, splitScopes, type TokenResponse } from './shared';

/** Token exchange (RFC 8693) as Shopify names it: the grant, the subject token's type, the tokens it gives. */
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ID_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:id_token';
export const OFFLINE_ACCESS_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:offline-access-token';
export const ONLINE_ACCESS_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:online-access-token';

type TokenAnswer = { status: number; body: Record<string, unknown> };

/** The merchant approved the consent screen: the app is installed; returns a single-use code. */
export function approveInstall(core: EmulatorCore, shopDomain: string, scope: string, online: boolean): string {
  const shop = core.requireShop(shopDomain);
  const scopes = splitScopes(scope);
  const now = core.nowIso();
  if (!shop.installation || shop.installation.uninstalledAt) {
    shop.installation = { id: core.store.nextId(), scopes, installedAt: now, uninstalledAt: null };
  } else {
    shop.installation.scopes = [...new Set([...shop.installation.scopes, ...scopes])];
  }
  const nowMs = core.now().getTime();
  core.state.codes = core.state.codes.filter((c) => Date.parse(c.expiresAt) > nowMs);
  const code = randomHex(16);
  core.state.codes.push({ code, shop: shop.domain, scope: scopes.join(','), online, expiresAt: new Date(nowMs + CODE_TTL_MS).toISOString() });
  core.commit();
  return code;
}

/** True when an installed app already holds every requested scope (Shopify then skips the consent screen). */
export function hasScopes(core: EmulatorCore, shop: ShopRecord, scope: string): boolean {
  if (!core.isInstalled(shop)) return false;
  const granted = new Set(shop.installation!.scopes);
  return splitScopes(scope).every((s) => granted.has(s) || (s.startsWith('read_') && granted.has(`write_${s.slice(5)}`)));
}

/** POST /admin/oauth/access_token. Returns the HTTP status and JSON body. */
export function exchangeToken(core: EmulatorCore, shopDomain: string, params: Record<string, unknown>): TokenAnswer {
  const shop = core.resolveShop(shopDomain);
  if (!shop) return fail(404, 'invalid_request', `unknown shop ${shopDomain}`);
  const str = (k: string) => (typeof params[k] === 'string' ? (params[k] as string) : typeof params[k] === 'number' ? String(params[k]) : undefined);
  if (str('client_id') !== core.app.apiKey || str('client_secret') !== core.app.apiSecret) {
    return fail(401, 'invalid_client', 'Client authentication failed: unknown client_id or wrong client_secret.');
  }
  const grant = str('grant_type');
  const nowMs = core.now().getTime();
  const expiring = params.expiring === '1' || params.expiring === 1 || params.expiring === true || params.expiring === 'true';
  if (grant === TOKEN_EXCHANGE_GRANT) return tokenExchange(core, shop, str, expiring);
  if (grant === undefined || grant === '' || grant === 'authorization_code') {
    const code = str('code');
    if (!code) return fail(400, 'invalid_request', 'The code parameter is required.');
    const idx = core.state.codes.findIndex((c) => c.code === code);
    const record = idx >= 0 ? core.state.codes[idx]! : undefined;
    if (idx >= 0) core.state.codes.splice(idx, 1); // single use, even when it turns out expired
    core.commit();
    if (!record || record.shop !== shop.domain || Date.parse(record.expiresAt) <= nowMs || !core.isInstalled(shop)) {
      return fail(400, 'invalid_grant', 'The authorization code is invalid, expired or already used.');
    }
    // A new offline token revokes the shop's previous offline tokens and their refresh tokens,
    // as Shopify does: an app that runs OAuth again kills the token it had stored.
    if (!record.online) revokeOfflineTokens(core, shop);
    return issued(core.issueTokens(shop, record.scope, { expiring, online: record.online, grant: 'authorization_code' }));
  }
  if (grant === 'refresh_token') {
    const refresh = str('refresh_token');
    const record = refresh ? core.state.tokens.find((t) => t.refreshToken === refresh) : undefined;
    if (
      !record ||
      record.shop !== shop.domain ||
      record.refreshTokenUsedAt ||
      record.revokedAt ||
      (record.refreshTokenExpiresAt && Date.parse(record.refreshTokenExpiresAt) <= nowMs) ||
      !core.isInstalled(shop)
    ) {
      return fail(400, 'invalid_grant', 'The refresh token is invalid, expired or already used.');
    }
    record.refreshTokenUsedAt = core.nowIso();
    return issued(core.issueTokens(shop, record.scope, { expiring: true, online: false, grant: 'refresh_token' }));
  }
  return fail(400, 'unsupported_grant_type', `grant_type "${grant}" is not supported by the emulator.`);
}

const fail = (status: number, error: string, description: string): TokenAnswer => ({ status, body: { error, error_description: description } });
const issued = (response: TokenResponse): TokenAnswer => ({ status: 200, body: response as unknown as Record<string, unknown> });

/**
 * The token-exchange grant: a session token (App Bridge's ID token) for an access token. Shopify
 * checks the session token as the app would (HS256 with the app's secret, `aud` the client id, `dest`
 * this shop, within its minute) and answers 400 `invalid_subject_token` otherwise. With
 * Shopify-managed installation the app's declared scopes are what the installation holds: an exchange
 * installs the app with them where it is not installed, and brings an installation to them (the admin
 * asks the merchant for a scope change before it opens the app, so a session token means approval).
 * A new offline token revokes the shop's older offline tokens, as for the code grant.
 */
function tokenExchange(core: EmulatorCore, shop: ShopRecord, str: (k: string) => string | undefined, expiring: boolean): TokenAnswer {
  const subject = str('subject_token');
  if (!subject) return fail(400, 'missing_subject_token', 'The subject_token parameter is required.');
  if (str('subject_token_type') !== ID_TOKEN_TYPE) return fail(400, 'invalid_request', `subject_token_type must be ${ID_TOKEN_TYPE}.`);
  const requested = str('requested_token_type');
  if (requested !== OFFLINE_ACCESS_TOKEN_TYPE && requested !== ONLINE_ACCESS_TOKEN_TYPE) {
    return fail(400, 'invalid_request', `requested_token_type must be ${OFFLINE_ACCESS_TOKEN_TYPE} or ${ONLINE_ACCESS_TOKEN_TYPE}.`);
  }
  const check = checkSubjectToken(subject, { shop: shop.domain, apiKey: core.app.apiKey, apiSecret: core.app.apiSecret, now: core.now().getTime() });
  if (!check.ok) return fail(400, 'invalid_subject_token', `The subject token is invalid: ${check.why}.`);

  if (!managedInstallation(core, shop)) {
    return fail(400, 'invalid_request', 'The app is not installed on this shop and declares no access scopes for Shopify-managed installation.');
  }
  const scope = shop.installation!.scopes.join(',');
  const online = requested === ONLINE_ACCESS_TOKEN_TYPE;
  if (!online) revokeOfflineTokens(core, shop);
  return issued(core.issueTokens(shop, scope, { expiring: online || expiring, online, grant: 'token_exchange' }));
}

/**
 * Shopify-managed installation: the installation holds the scopes the app's configuration declares.
 * A shop without the app gets it installed with them; an installation is brought to them. False when
 * the app is not installed and declares no scopes (nothing to install with). The caller commits.
 */
function managedInstallation(core: EmulatorCore, shop: ShopRecord): boolean {
  const declared = core.app.scopes === undefined ? [] : splitScopes(core.app.scopes);
  if (!core.isInstalled(shop)) {
    if (declared.length === 0) return false;
    shop.installation = { id: core.store.nextId(), scopes: declared, installedAt: core.nowIso(), uninstalledAt: null };
  } else if (declared.length > 0) {
    shop.installation!.scopes = declared;
  }
  return true;
}

/**
 * The merchant installs the app from the App Store with Shopify-managed installation: Shopify installs
 * it with its declared scopes, with no consent redirect to the app and no token (the app gets its
 * token by token exchange when the admin first loads it). An installed app stays installed (brought to
 * the declared scopes), as the App Store then just opens it. 409 when the app declares no scopes.
 */
export function installManaged(core: EmulatorCore, shopDomain: string): ShopRecord {
  const shop = core.requireShop(shopDomain);
  if (!managedInstallation(core, shop)) {
    throw new EmulatorError(409, 'the app declares no access scopes (the scopes option): Shopify-managed installation has nothing to install it with');
  }
  core.commit();
  return shop;
}

export function issueTokens(core: EmulatorCore, shop: ShopRecord, scope: string, opts: { expiring: boolean; online: boolean; grant: TokenGrant }): TokenResponse {
  const now = core.now();
  const nowMs = now.getTime();
  const record: TokenRecord = {
    accessToken: `shpat_${randomHex(16)}`,
    shop: shop.domain,
    scope,
    createdAt: isoSeconds(now),
    expiresAt: null,
    refreshToken: null,
    refreshTokenExpiresAt: null,
    refreshTokenUsedAt: null,
    revokedAt: null,
    online: opts.online,
    grant: opts.grant,
  };
  let response: TokenResponse;
  if (opts.online) {
    record.accessToken = `shpua_${randomHex(16)}`;
    record.expiresAt = new Date(nowMs + ONLINE_TOKEN_TTL_S * 1000).toISOString();
    response = {
      access_token: record.accessToken,
      scope,
      expires_in: ONLINE_TOKEN_TTL_S,
      associated_user_scope: scope,
      associated_user: {
        id: shop.id + 1,
        first_name: 'Camille',
        last_name: 'Martin',
        email: shop.email,
        email_verified: true,
        account_owner: true,
        locale: 'fr',
        collaborator: false,
      },
    };
  } else if (opts.expiring) {
    record.expiresAt = new Date(nowMs + ACCESS_TOKEN_TTL_S * 1000).toISOString();
    record.refreshToken = `shprt_${randomHex(16)}`;
    record.refreshTokenExpiresAt = new Date(nowMs + REFRESH_TOKEN_TTL_S * 1000).toISOString();
    response = {
      access_token: record.accessToken,
      scope,
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: record.refreshToken,
      refresh_token_expires_in: REFRESH_TOKEN_TTL_S,
    };
  } else {
    response = { access_token: record.accessToken, scope };
  }
  core.state.tokens.push(record);
  core.commit();
  return response;
}

/**
 * A session token as the admin gives App Bridge for a user of the shop (default: the shop's owner,
 * whose id online tokens name too), valid for a minute from now, or broken as `fault` says.
 */
export function mintShopSessionToken(core: EmulatorCore, shopDomain: string, opts: { userId?: string; sessionId?: string; fault?: SessionTokenFault } = {}): string {
  const shop = core.requireShop(shopDomain);
  return mintSessionToken({
    shop: shop.domain,
    apiKey: core.app.apiKey,
    apiSecret: core.app.apiSecret,
    now: core.now().getTime(),
    userId: opts.userId ?? String(shop.id + 1),
    sessionId: opts.sessionId ?? randomHex(16),
    fault: opts.fault,
  });
}

/** Installs the app and issues an offline token without the browser (test shortcut). */
export function installDirect(core: EmulatorCore, shopDomain: string, opts: { scope?: string; expiring?: boolean } = {}): TokenResponse {
  const shop = core.requireShop(shopDomain);
  const scope = splitScopes(opts.scope ?? 'read_orders').join(',');
  core.approveInstall(shop.domain, scope, false);
  // The code just created is not needed: tokens are issued directly.
  core.state.codes.pop();
  revokeOfflineTokens(core, shop);
  return core.issueTokens(shop, scope, { expiring: opts.expiring ?? true, online: false, grant: 'install' });
}

/** The token record for an Admin API call, or null (unknown, expired, revoked, other shop). */
export function authenticate(core: EmulatorCore, shop: ShopRecord, accessToken: string | undefined): TokenRecord | null {
  if (!accessToken) return null;
  const record = core.state.tokens.find((t) => t.accessToken === accessToken);
  if (!record || record.shop !== shop.domain || record.revokedAt) return null;
  if (record.expiresAt && Date.parse(record.expiresAt) <= core.now().getTime()) return null;
  if (!core.isInstalled(shop)) return null;
  return record;
}

/** Revokes every live offline token of the shop (a new one is being issued). */
function revokeOfflineTokens(core: EmulatorCore, shop: ShopRecord): void {
  const now = core.nowIso();
  for (const t of core.state.tokens) if (t.shop === shop.domain && !t.online && !t.revokedAt) t.revokedAt = now;
}

export function revokeToken(core: EmulatorCore, accessToken: string): boolean {
  const record = core.state.tokens.find((t) => t.accessToken === accessToken || t.refreshToken === accessToken);
  if (!record) return false;
  record.revokedAt ??= core.nowIso();
  core.commit();
  return true;
}

export function uninstall(core: EmulatorCore, shopDomain: string): void {
  const shop = core.requireShop(shopDomain);
  if (!core.isInstalled(shop)) throw new EmulatorError(409, `the app is not installed on ${shop.domain}`);
  const now = core.nowIso();
  shop.installation!.uninstalledAt = now;
  for (const t of core.state.tokens) if (t.shop === shop.domain && !t.revokedAt) t.revokedAt = now;
  for (const s of core.state.appSubscriptions) {
    if (s.shop === shop.domain && (s.status === 'ACTIVE' || s.status === 'PENDING' || s.status === 'FROZEN')) {
      s.status = 'CANCELLED';
      s.updatedAt = now;
    }
  }
  core.state.codes = core.state.codes.filter((c) => c.shop !== shop.domain);
  // Deliver app/uninstalled to the current subscriptions, then delete them.
  core.notify(shop, 'app/uninstalled', shopPayload(shop));
  core.state.webhookSubscriptions = core.state.webhookSubscriptions.filter((s) => s.shop !== shop.domain);
  core.buckets.delete(shop.domain);
  core.commit();
}
