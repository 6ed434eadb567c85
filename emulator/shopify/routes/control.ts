// The control API (JSON under /control) and the control page (GET /). Forms of the HTML pages post
// to the same endpoints: a form post is answered with a redirect to a page, JSON with JSON.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { EmulatorError } from '../areas/shared';
import type { EmulatorCore } from '../core';
import { CURRENCIES, toCents } from '../format';
import { FAULT_KINDS } from '../faults';
import { errorPage, isFormRequest, readParams } from '../http';
import { controlPage } from '../pages/control';
import { SESSION_TOKEN_FAULTS } from '../session-tokens';
import { COMPLIANCE_TOPICS } from '../topics';
import { FULFILLMENT_EVENT_STATUSES } from '../types';
import { appSubscriptionView, customerView, deliveryView, orderView, shopView, webhookSubscriptionView } from '../views';

const boolish = z.union([z.boolean(), z.enum(['true', 'false', 'on', '1', '0'])]).transform((v) => v === true || v === 'true' || v === 'on' || v === '1');
const count = z.coerce.number().int().min(0).max(100_000);
const idParam = z.union([z.number().int().positive(), z.string().regex(/^(gid:\/\/shopify\/[A-Za-z]+\/)?\d+$/, 'must be a numeric id or a gid')]);

const isoDateTime = z
  .string()
  .transform((v) => (/[zZ]|[+-]\d{2}:?\d{2}$/.test(v) ? v : `${v.length === 16 ? `${v}:00` : v}Z`))
  .refine((v) => !Number.isNaN(Date.parse(v)), 'must be an ISO date-time');

const money = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const cents = toCents(v);
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'must be an amount with at most 2 decimals, e.g. "49.90"' });
    return z.NEVER;
  }
  return cents;
});

const shopSchema = z.object({
  domain: z.string().trim().min(1),
  name: z.string().trim().min(1).max(200).optional(),
  email: z.email().optional(),
  currency: z.enum(CURRENCIES).optional(),
});

const customerSchema = z.object({
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
  email: z.email().optional(),
  phone: z.string().trim().max(30).optional(),
});

const orderSchema = z.object({
  customerId: idParam.optional(),
  customer: customerSchema.optional(),
  email: z.email().optional(),
  total: money,
  currency: z.enum(CURRENCIES).optional(),
  createdAt: isoDateTime.optional(),
  financialStatus: z.enum(['pending', 'paid']).optional(),
  test: boolish.optional(),
  /** The checkout's language (`en`, `fr-CA`…); the order-making rules check its form. */
  customerLocale: z.string().trim().max(35).nullable().optional(),
  notify: boolish.optional(),
});

const cancelSchema = z.object({ reason: z.enum(['customer', 'declined', 'fraud', 'inventory', 'other', 'staff']).optional(), refund: boolish.optional() });
const refundSchema = z.object({ amount: money.optional() });
/** Lower case as in REST and webhooks, or GraphQL's upper case. */
const fulfillmentEventSchema = z.object({
  status: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(FULFILLMENT_EVENT_STATUSES)),
  message: z.string().trim().max(500).optional(),
  happenedAt: isoDateTime.optional(),
});
const sessionTokenSchema = z.object({
  userId: z.string().trim().min(1).max(100).optional(),
  sessionId: z.string().trim().min(1).max(100).optional(),
  fault: z.enum(SESSION_TOKEN_FAULTS).optional(),
});
const installSchema = z.object({ scope: z.string().trim().min(1).optional(), expiring: boolish.optional() });
const complianceSchema = z.object({
  topic: z.enum(COMPLIANCE_TOPICS),
  customerId: idParam.optional(),
  orderIds: z.array(z.coerce.number().int().positive()).optional(),
});
const throttleSchema = z.object({ count, shop: z.string().trim().min(1).optional() });
const dropSchema = z.object({ count });
/** A fault (faults.ts): JSON may give the status as a number (503), forms as text. */
const faultSchema = z
  .object({
    fault: z.union([z.number().int(), z.string().trim()]).transform(String).pipe(z.enum(FAULT_KINDS)),
    shop: z.string().trim().min(1).optional(),
    operation: z.string().trim().min(1).max(200).optional(),
    count: z.coerce.number().int().min(1).max(100_000).optional(),
    delayMs: z.coerce.number().int().min(0).max(600_000).optional(),
    retryAfter: z.coerce.number().min(0).max(3600).optional(),
    applied: boolish.optional(),
  })
  .refine((f) => f.fault !== 'slow' || f.delayMs !== undefined, { message: "a 'slow' fault needs delayMs", path: ['delayMs'] })
  .refine((f) => !f.applied || /^5/.test(f.fault), { message: 'only a 5xx fault can be applied', path: ['applied'] });
const clearFaultsSchema = z.object({ id: z.string().trim().min(1).optional(), shop: z.string().trim().min(1).optional() });
const PROTECTED = ['name', 'email', 'phone', 'address'] as const;
const appSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    complianceUri: z.url({ protocol: /^https?$/ }).optional(),
    protectedCustomerData: z.object({ level: z.union([z.literal(0), z.literal(1), z.literal(2)]), fields: z.array(z.enum(PROTECTED)) }).optional(),
    // The control page's form: a level and one checkbox per field.
    protectedLevel: z.coerce.number().int().min(0).max(2).optional(),
    protectedName: boolish.optional(),
    protectedEmail: boolish.optional(),
    protectedPhone: boolish.optional(),
    protectedAddress: boolish.optional(),
  })
  .transform(({ protectedLevel, protectedName, protectedEmail, protectedPhone, protectedAddress, ...rest }) => {
    if (protectedLevel === undefined) return rest;
    const ticked = { name: protectedName, email: protectedEmail, phone: protectedPhone, address: protectedAddress };
    const fields = PROTECTED.filter((f) => ticked[f] === true);
    return { ...rest, protectedCustomerData: { level: protectedLevel as 0 | 1 | 2, fields } };
  });
// An explicit order lists delivery ids: one listed twice is delivered twice, one left out is lost.
const releaseSchema = z.object({ order: z.union([z.enum(['fifo', 'reverse']), z.array(z.string().min(1)).max(1000)]).optional() });
const revokeSchema = z.object({ token: z.string().min(1) });

class BadRequest extends Error {}

type Params = Record<string, unknown> | null;

function parse<T>(params: Params, schema: z.ZodType<T>): T {
  if (params === null) throw new BadRequest('the body must be a JSON object');
  const result = schema.safeParse(params);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new BadRequest(`${path}${issue.message}`);
  }
  return result.data;
}

export function controlRoutes(app: Hono, core: EmulatorCore): void {
  const home = core.homePath;

  /** Runs an action; JSON callers get JSON, form posts get a redirect (or a French error page). */
  const action =
    (notice: string, fn: (c: Context, params: Params) => Promise<unknown> | unknown, status: 200 | 201 = 200) =>
    async (c: Context): Promise<Response> => {
      const form = isFormRequest(c);
      const params = await readParams(c);
      let redirect = home;
      if (params && typeof params.redirect === 'string') {
        const target = params.redirect;
        if (form && target.startsWith(core.basePath + '/') && !target.startsWith('//')) redirect = target;
      }
      if (params) delete params.redirect; // a form-only field
      try {
        const result = await fn(c, params);
        if (form) return c.redirect(`${redirect}${redirect.includes('?') ? '&' : '?'}notice=${notice}`, 303);
        return c.json(result as object, status);
      } catch (err) {
        if (err instanceof BadRequest || err instanceof EmulatorError) {
          const code = err instanceof EmulatorError ? err.status : 400;
          if (form) return errorPage(c, code === 401 ? 400 : code, 'Requête invalide', err.message, home);
          return c.json({ error: err.message }, code);
        }
        throw err;
      }
    };

  app.get('/', (c) => c.html(controlPage(core, c.req.query('notice'))));

  app.get('/control/state', (c) =>
    c.json({
      app: { ...core.state.app, apiKey: core.app.apiKey, installUrl: core.app.installUrl, redirectUris: core.app.redirectUris },
      shops: core.state.shops.map((s) => shopView(core, s)),
      pendingDrops: core.dispatcher.pendingDrops,
      heldDeliveries: core.dispatcher.heldCount,
    }),
  );

  app.get('/control/app', (c) => c.json({ ...core.state.app }));
  const updateApp = action('app_updated', (_c, p) => core.setAppConfig(parse(p, appSchema)));
  app.put('/control/app', updateApp);
  app.post('/control/app', updateApp);

  app.get('/control/shops', (c) => c.json(core.state.shops.map((s) => shopView(core, s))));
  app.post(
    '/control/shops',
    action('shop_created', (_c, p) => shopView(core, core.createShop(parse(p, shopSchema))), 201),
  );

  app.get('/control/shops/:shop', (c) => {
    const shop = core.resolveShop(c.req.param('shop'));
    if (!shop) return c.json({ error: `unknown shop ${c.req.param('shop')}` }, 404);
    return c.json({
      shop: shopView(core, shop),
      customers: core.state.customers.filter((x) => x.shop === shop.domain).map(customerView),
      orders: core.state.orders.filter((x) => x.shop === shop.domain).map(orderView),
      webhookSubscriptions: core.listWebhookSubscriptions(shop.domain).map(webhookSubscriptionView),
      appSubscriptions: core.state.appSubscriptions.filter((x) => x.shop === shop.domain).map((s) => appSubscriptionView(core, s)),
    });
  });

  app.get('/control/shops/:shop/install-link', (c) => {
    const shop = core.resolveShop(c.req.param('shop'));
    if (!shop) return c.json({ error: `unknown shop ${c.req.param('shop')}` }, 404);
    return c.json({ url: core.installLink(shop.domain) });
  });

  app.post(
    '/control/shops/:shop/customers',
    action('customer_created', (c, p) => customerView(core.createCustomer(c.req.param('shop')!, parse(p, customerSchema))), 201),
  );

  app.post(
    '/control/shops/:shop/orders',
    action(
      'order_created',
      (c, p) => {
        const input = parse(p, orderSchema);
        const { total, ...rest } = input;
        return orderView(core.createOrder(c.req.param('shop')!, { ...rest, totalCents: total }));
      },
      201,
    ),
  );

  app.post(
    '/control/orders/:id/pay',
    action('order_updated', (c) => orderView(core.markPaid(c.req.param('id')!))),
  );
  app.post(
    '/control/orders/:id/fulfil',
    action('order_updated', (c) => orderView(core.fulfil(c.req.param('id')!))),
  );
  app.post(
    '/control/orders/:id/fulfill',
    action('order_updated', (c) => orderView(core.fulfil(c.req.param('id')!))),
  );
  app.post(
    '/control/orders/:id/deliver',
    action('order_delivered', (c) => orderView(core.markDelivered(c.req.param('id')!))),
  );
  app.post(
    '/control/orders/:id/fulfillment-events',
    action('order_updated', (c, p) => {
      const { status, ...opts } = parse(p, fulfillmentEventSchema);
      return orderView(core.addFulfillmentEvent(c.req.param('id')!, status, opts));
    }),
  );
  app.post(
    '/control/orders/:id/cancel',
    action('order_updated', (c, p) => orderView(core.cancel(c.req.param('id')!, parse(p, cancelSchema)))),
  );
  app.post(
    '/control/orders/:id/refund',
    action('order_updated', (c, p) => {
      const { amount } = parse(p, refundSchema);
      return orderView(core.refund(c.req.param('id')!, amount === undefined ? {} : { amountCents: amount }));
    }),
  );

  app.post(
    '/control/shops/:shop/install',
    action('installed', (c, p) => {
      const input = parse(p, installSchema);
      return core.installDirect(c.req.param('shop')!, input);
    }),
  );

  app.post(
    '/control/shops/:shop/install-managed',
    action('installed', (c) => ({ installed: true, scopes: [...core.installManaged(c.req.param('shop')!).installation!.scopes] })),
  );

  app.post(
    '/control/shops/:shop/session-token',
    action('session_token_minted', (c, p) => ({ token: core.mintSessionToken(c.req.param('shop')!, parse(p, sessionTokenSchema)) })),
  );

  app.post(
    '/control/shops/:shop/uninstall',
    action('uninstalled', (c) => {
      core.uninstall(c.req.param('shop')!);
      return { uninstalled: true };
    }),
  );

  app.post(
    '/control/shops/:shop/compliance',
    action('compliance', (c, p) => {
      const input = parse(p, complianceSchema);
      const deliveries = core.raiseCompliance(c.req.param('shop')!, input.topic, { customerId: input.customerId, orderIds: input.orderIds });
      return { deliveries: deliveries.map(deliveryView) };
    }),
  );

  app.post(
    '/control/throttle',
    action('throttle', (_c, p) => {
      const input = parse(p, throttleSchema);
      if (input.shop && !core.resolveShop(input.shop)) throw new EmulatorError(404, `unknown shop ${input.shop}`);
      core.forceThrottle(input.count, input.shop ? core.resolveShop(input.shop)!.domain : undefined);
      return { throttledRequests: input.count, shop: input.shop ?? null };
    }),
  );

  app.get('/control/faults', (c) => c.json(core.faults.list()));
  app.post(
    '/control/faults',
    action(
      'fault',
      (_c, p) => {
        const input = parse(p, faultSchema);
        return core.injectFault(input);
      },
      201,
    ),
  );
  app.post(
    '/control/faults/clear',
    action('faults_cleared', (_c, p) => {
      const { id, shop } = parse(p ?? {}, clearFaultsSchema);
      return { cleared: core.faults.clear({ id, shop: shop === undefined ? undefined : core.requireShop(shop).domain }) };
    }),
  );

  app.post(
    '/control/webhooks/drop',
    action('drop', (_c, p) => {
      const input = parse(p, dropSchema);
      core.dropNextDeliveries(input.count);
      return { droppedDeliveries: input.count };
    }),
  );

  app.post(
    '/control/webhooks/hold',
    action('deliveries_held', () => {
      core.dispatcher.hold();
      return { holding: true };
    }),
  );

  app.post(
    '/control/webhooks/release',
    action('deliveries_released', async (_c, p) => {
      const input = parse(p ?? {}, releaseSchema);
      const released = core.dispatcher.heldCount;
      await core.dispatcher.release(input.order ?? 'fifo');
      return { released, order: input.order ?? 'fifo' };
    }),
  );

  app.get('/control/deliveries', (c) => {
    const shop = c.req.query('shop');
    const topic = c.req.query('topic');
    const list = core.dispatcher
      .list()
      .filter((d) => (!shop || d.shop === shop) && (!topic || d.topic === topic))
      .map(deliveryView);
    return c.json(list);
  });

  app.post(
    '/control/deliveries/retry',
    action('retried', async () => {
      await core.dispatcher.retryNow();
      return { ok: true };
    }),
  );

  app.post('/control/deliveries/wait', async (c) => {
    await core.dispatcher.whenIdle();
    return c.json({ ok: true });
  });

  app.post(
    '/control/tokens/revoke',
    action('token_revoked', (_c, p) => {
      const { token } = parse(p, revokeSchema);
      if (!core.revokeToken(token)) throw new EmulatorError(404, 'unknown token');
      return { revoked: true };
    }),
  );

  app.post(
    '/control/reset',
    action('reset', async () => {
      await core.reset();
      return { ok: true };
    }),
  );
}
