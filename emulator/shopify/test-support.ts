// Helpers for the emulator's own tests: an emulator with a recording fetch and a movable clock.
import { createShopifyEmulator, type EmulatorOptions, type ShopifyEmulator } from './index';

/**
 * The test app, approved for every protected customer field: most tests are about something else.
 * Tests of the protected data rules set `protectedCustomerData` themselves.
 */
export const APP = {
  apiKey: 'test-client-id',
  apiSecret: 'hush',
  installUrl: 'http://localhost:3000/shopify/entry',
  redirectUris: ['http://localhost:3000/functions/v1/shopify-auth/callback'],
  protectedCustomerData: { level: 2 as const, fields: ['name' as const, 'email' as const, 'phone' as const, 'address' as const] },
};
export const BASE_URL = 'http://localhost:3000/_shopify';
export const DEMO = 'maison-lumiere.myshopify.com';
export const VERSION = '2026-10';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type Responder = (req: RecordedRequest, signal: AbortSignal | undefined) => Promise<Response> | Response;

export interface TestEmulator extends ShopifyEmulator {
  requests: RecordedRequest[];
  /** Replaces how webhook receivers answer (default 200). */
  respond(fn: Responder): void;
  clock: { now: Date; advance(ms: number): void };
  gql<T = any>(shop: string, token: string, query: string, variables?: Record<string, unknown>, version?: string): Promise<{ status: number; body: T }>;
}

export function createTestEmulator(overrides: Partial<EmulatorOptions> = {}): TestEmulator {
  const requests: RecordedRequest[] = [];
  let responder: Responder = () => new Response('ok', { status: 200 });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const req: RecordedRequest = { method: init?.method ?? 'GET', url: String(input), headers, body: String(init?.body ?? '') };
    requests.push(req);
    return responder(req, init?.signal ?? undefined);
  }) as typeof fetch;
  const emulator = createShopifyEmulator({
    baseUrl: BASE_URL,
    app: APP,
    fetch: fakeFetch,
    now: () => clock.now,
    ...overrides,
  });
  return {
    ...emulator,
    requests,
    clock,
    respond(fn) {
      responder = fn;
    },
    async gql(shop, token, query, variables, version = VERSION) {
      const res = await emulator.app.request(`/store/${shop}/admin/api/${version}/graphql.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': token },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: (await res.json()) as any };
    },
  };
}
