/**
 * The contract layer's guarantees (src/core/api, src/server/http/route.ts):
 * - every route mounted under /api and /functions/v1 has a contract, went through `mount` (so its
 *   input is parsed and its access applied by the contract), and every contract is mounted;
 * - every endpoint that takes a store, flow or request id is of access 'store' (requireStore), and
 *   each of those answers a signed-in account without a store `404 { code: 'no_store' }`;
 * - every error code an endpoint declares exists, and every failure of the API has the one shape.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ENDPOINTS, ERROR_STATUS, errorBody, pathWith, type Endpoint } from '#core/api';
import { mountedEndpoints } from '#server/http/route';
import { expandedInventory } from './security/support/routes';
import { SAMPLES } from './security/support/samples';
import { createWorld, makeMerchant, signUp, type World } from './security/support/world';

vi.mock('#server/auth/password', async (original) => (await import('./security/support/cheap-password')).cheapPasswordModule(original as never));

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.ctx.destroy());

const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const CATCH_ALLS = new Set(['ALL /api/*', 'ALL /functions/v1/*']);
const underContract = (path: string) => path.startsWith('/api/') || path.startsWith('/functions/v1/');

/**
 * Ids that do not name a tenant's store, flow or request, with the reason. Everything else that
 * looks like an id must go through requireStore.
 */
const NOT_TENANT_IDS: Record<string, string> = {
  'GET /functions/v1/shopify-billing-callback':
    "a browser navigation back from Shopify's charge approval: every refusal must be a redirect, so its handler applies requireStore and sameStore itself (tenant-isolation.test.ts proves a foreign store_id is refused)",
  'GET /api/compliance/exports/:id':
    "the data-request e-mail's link must work for 30 days after the shop uninstalled (no connected store then): its handler joins the export to the session's own stores (tenant-isolation.test.ts proves another account is refused)",
  'GET /api/dev/outbox/:id': 'the developer outbox (never mounted in production) lists every e-mail the process sent',
  'POST /api/shopify/installations/:token/plan': 'plan_id names a plan of the public price list',
  'POST /api/shopify/installations/:token/claim': 'plan_id names a plan of the public price list; the token is the credential',
};

/** Field names of an object schema (and of each option of a union), recursively for arrays' items. */
function fieldNames(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { def: { type: string; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; innerType?: z.ZodType; in?: z.ZodType } }).def;
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'union' && def.options) return def.options.flatMap(fieldNames);
  if ((def.type === 'optional' || def.type === 'nullable' || def.type === 'default') && def.innerType) return fieldNames(def.innerType);
  if (def.type === 'pipe' && def.in) return fieldNames(def.in);
  return [];
}

const ID_FIELD = /^(id|.*_id|.*Id|.*Ids|.*_ids)$/;

function idFields(e: Endpoint): string[] {
  return [...fieldNames(e.params), ...fieldNames(e.query), ...fieldNames(e.body)].filter((name) => ID_FIELD.test(name));
}

describe('contracts', () => {
  it('every /api and /functions/v1 route has a contract, was mounted through it, and every contract is mounted', () => {
    const routes = expandedInventory(w.app).filter((e) => underContract(e.path) && !CATCH_ALLS.has(e.key));
    const contracts = new Set(ENDPOINTS.map(key));
    const mounted = new Set(mountedEndpoints(w.app).map(key));
    // The auth gateway is one wildcard in front of better-auth: what it forwards is checked by key.
    const gateway = (k: string) => k.startsWith('GET /api/auth/') || k.startsWith('POST /api/auth/');
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.map((e) => e.key).filter((k) => !contracts.has(k))).toEqual([]);
    expect(routes.map((e) => e.key).filter((k) => !mounted.has(k) && !(gateway(k) && contracts.has(k)))).toEqual([]);
    expect(ENDPOINTS.map(key).filter((k) => !routes.some((e) => e.key === k))).toEqual([]);
    expect(new Set(ENDPOINTS.map(key)).size).toBe(ENDPOINTS.length);
  });

  it('every endpoint that takes a store, flow or request id goes through requireStore', () => {
    const offenders = ENDPOINTS.filter((e) => idFields(e).length > 0 && e.access !== 'store' && !NOT_TENANT_IDS[key(e)]).map(
      (e) => `${key(e)} takes ${idFields(e).join(', ')} with access ${e.access}`,
    );
    expect(offenders).toEqual([]);
    // The allow-list stays true: each entry is a real endpoint that takes an id.
    for (const k of Object.keys(NOT_TENANT_IDS))
      expect(
        ENDPOINTS.some((e) => key(e) === k && idFields(e).length > 0),
        k,
      ).toBe(true);
  });

  it("every 'store' and 'readable_store' endpoint answers a signed-in account that never had a store 404 no_store, in the one error shape", async () => {
    const account = await signUp(w, 'sans-boutique');
    const merchant = await makeMerchant(w, 'Z');
    const problems: string[] = [];
    const stores = ENDPOINTS.filter((e) => e.access === 'store' || e.access === 'readable_store');
    expect(stores.length).toBeGreaterThan(15);
    for (const e of stores) {
      const sample = SAMPLES[key(e)]?.({ w, m: merchant, account });
      const path = sample?.path ?? pathWith(e.path, Object.fromEntries((e.path.match(/:([A-Za-z_]+)/g) ?? []).map((p) => [p.slice(1), randomUUID()])));
      const res = await account.browser.json(path, e.method === 'GET' ? { method: 'GET' } : { method: e.method, json: sample?.body ?? {} });
      const body = errorBody.safeParse(res.body);
      if (res.status !== 404 || !body.success || body.data.code !== 'no_store') problems.push(`${key(e)}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(problems).toEqual([]);
  });

  it('declared error codes exist and each has one status', () => {
    for (const e of ENDPOINTS) for (const code of e.errors) expect(Object.hasOwn(ERROR_STATUS, code), `${key(e)} declares ${code}`).toBe(true);
    for (const status of Object.values(ERROR_STATUS)) expect(status >= 400 && status < 600).toBe(true);
  });

  it('redirects and downloads are browser navigations without a response schema; every other endpoint has one', () => {
    for (const e of ENDPOINTS) {
      if (e.kind === 'redirect' || e.kind === 'download') expect(e.response, key(e)).toBeUndefined();
      else expect(e.response, key(e)).toBeDefined();
    }
  });
});
