// Root resolvers (the objects they answer are views.ts'). graphql-js's default resolver reads
// properties and calls functions with (args, context, info); unions and interfaces resolve through
// `__typename`.
import type { NewAppSubscriptionInput } from '../areas/shared';
import type { EmulatorCore } from '../core';
import { gid, parseId } from '../format';
import { paginate, type PageArgs } from '../pagination';
import { orderMatches, parseSearch, searchWarnings } from '../search';
import { restTopic } from '../topics';
import type { OrderRecord } from '../types';
import { metafieldResolvers } from './metafields';
import {
  appSubscriptionView,
  customerView,
  displayName,
  hasScope,
  installationView,
  mapPage,
  orderView,
  PROTECTED_DOC,
  requireCustomerDataApproval,
  requireScope,
  shopView,
  webhookSubscriptionView,
  type Args,
  type GqlContext,
} from './views';

export type { GqlContext } from './views';

function orderSortValue(o: OrderRecord, sortKey: string, ctx: GqlContext): string | number {
  switch (sortKey) {
    case 'CREATED_AT':
      return o.createdAt;
    case 'UPDATED_AT':
      return o.updatedAt;
    case 'PROCESSED_AT':
      return o.processedAt;
    case 'ORDER_NUMBER':
      return o.number;
    case 'TOTAL_PRICE':
      return o.totalCents;
    case 'FINANCIAL_STATUS':
      return o.financialStatus;
    case 'FULFILLMENT_STATUS':
      return o.fulfillmentStatus;
    case 'CUSTOMER_NAME': {
      const c = ctx.core.findCustomer(o.shop, o.customerId);
      return c ? displayName(c).toLowerCase() : '';
    }
    default:
      return o.id;
  }
}

function filteredOrders(ctx: GqlContext, query: unknown, path: string): OrderRecord[] {
  const warnings = searchWarnings(typeof query === 'string' ? query : null);
  if (warnings.length > 0) ctx.search.push({ path: [path], query: String(query), warnings });
  const groups = parseSearch(typeof query === 'string' ? query : null);
  const searchCtx = { customer: (id: number | null) => ctx.core.findCustomer(ctx.shop.domain, id) };
  return ctx.core.ordersVisibleTo(ctx.shop.domain, ctx.token).filter((o) => orderMatches(o, groups, searchCtx));
}

const PROTECTED_TOPIC_PREFIXES = ['ORDERS_', 'REFUNDS_', 'FULFILLMENTS_', 'FULFILLMENT_EVENTS_', 'CUSTOMERS_', 'DRAFT_ORDERS_', 'CHECKOUTS_'];

function webhookScopeError(ctx: GqlContext, topic: string) {
  const needs: [string, string][] = [
    ['ORDERS_', 'read_orders'],
    ['REFUNDS_', 'read_orders'],
    ['FULFILLMENTS_', 'read_orders'],
    // Shopify: "Requires the `read_fulfillments` scope" (WebhookSubscriptionTopic.FULFILLMENT_EVENTS_CREATE).
    ['FULFILLMENT_EVENTS_', 'read_fulfillments'],
    ['CUSTOMERS_', 'read_customers'],
    ['PRODUCTS_', 'read_products'],
  ];
  for (const [prefix, scope] of needs) {
    if (topic.startsWith(prefix) && !hasScope(ctx, scope, scope.replace('read_', 'write_'))) {
      return [{ field: ['topic'], message: `You do not have permission to create or update webhooks with ${restTopic(topic)} topic. This topic requires the ${scope} scope.` }];
    }
  }
  // Topics whose payloads are customer data need the protected customer data approval (level 1).
  if (PROTECTED_TOPIC_PREFIXES.some((p) => topic.startsWith(p)) && !ctx.core.approvesCustomerData()) {
    return [{ field: ['topic'], message: `This app is not approved to subscribe to webhook topics containing protected customer data. See ${PROTECTED_DOC} for more details.` }];
  }
  return null;
}

function findNode(id: unknown, ctx: GqlContext): unknown {
  if (typeof id !== 'string') return null;
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)/.exec(id);
  if (!m) return null;
  const n = Number(m[2]);
  const { core, shop } = ctx;
  switch (m[1]) {
    case 'Shop':
      return n === shop.id ? shopView(shop) : null;
    case 'Order': {
      if (!hasScope(ctx, 'read_orders', 'write_orders')) return null;
      requireCustomerDataApproval(ctx, 'Order');
      const o = core.ordersVisibleTo(shop.domain, ctx.token).find((x) => x.id === n);
      return o ? orderView(o, ctx) : null;
    }
    case 'Customer': {
      const c = core.findCustomer(shop.domain, n);
      if (!c || !hasScope(ctx, 'read_customers', 'write_customers')) return null;
      requireCustomerDataApproval(ctx, 'Customer');
      return customerView(c, ctx);
    }
    case 'WebhookSubscription': {
      const s = core.state.webhookSubscriptions.find((x) => x.id === n && x.shop === shop.domain);
      return s ? webhookSubscriptionView(s) : null;
    }
    case 'AppSubscription': {
      const s = core.state.appSubscriptions.find((x) => x.id === n && x.shop === shop.domain);
      return s ? appSubscriptionView(s) : null;
    }
    case 'AppInstallation':
      return shop.installation?.id === n ? installationView(ctx) : null;
    default:
      return null;
  }
}

type WebhookInput = Parameters<EmulatorCore['createWebhookSubscription']>[2];

export const rootValue = {
  // ------------------------------------------------------------ queries
  shop: (_: Args, ctx: GqlContext) => shopView(ctx.shop),

  order: (args: Args, ctx: GqlContext) => {
    requireScope(ctx, 'order', 'read_orders');
    requireCustomerDataApproval(ctx, 'Order');
    const id = parseId(args.id, 'Order');
    const o = ctx.core.ordersVisibleTo(ctx.shop.domain, ctx.token).find((x) => x.id === id);
    return o ? orderView(o, ctx) : null;
  },

  orders: (args: Args, ctx: GqlContext) => {
    requireScope(ctx, 'orders', 'read_orders');
    requireCustomerDataApproval(ctx, 'Order');
    const sortKey = typeof args.sortKey === 'string' ? args.sortKey : 'PROCESSED_AT';
    const page = paginate(filteredOrders(ctx, args.query, 'orders'), (o) => ({ id: o.id, value: orderSortValue(o, sortKey, ctx) }), args.reverse === true, args as PageArgs);
    ctx.nodes += page.nodes.length;
    return mapPage(page, (o) => orderView(o, ctx));
  },

  ordersCount: (args: Args, ctx: GqlContext) => {
    requireScope(ctx, 'ordersCount', 'read_orders');
    const count = filteredOrders(ctx, args.query, 'ordersCount').length;
    const limit = typeof args.limit === 'number' ? args.limit : null;
    if (limit !== null && count > limit) return { count: limit, precision: 'AT_LEAST' };
    return { count, precision: 'EXACT' };
  },

  customer: (args: Args, ctx: GqlContext) => {
    requireScope(ctx, 'customer', 'read_customers');
    requireCustomerDataApproval(ctx, 'Customer');
    const c = ctx.core.findCustomer(ctx.shop.domain, parseId(args.id, 'Customer'));
    return c ? customerView(c, ctx) : null;
  },

  webhookSubscription: (args: Args, ctx: GqlContext) => {
    const id = parseId(args.id, 'WebhookSubscription');
    const s = ctx.core.listWebhookSubscriptions(ctx.shop.domain).find((x) => x.id === id);
    return s ? webhookSubscriptionView(s) : null;
  },

  webhookSubscriptions: (args: Args, ctx: GqlContext) => {
    let subs = ctx.core.listWebhookSubscriptions(ctx.shop.domain);
    const topics = args.topics as string[] | null | undefined;
    if (topics && topics.length > 0) subs = subs.filter((s) => topics.includes(s.topic));
    const uri = (args.uri ?? args.callbackUrl) as string | null | undefined;
    if (uri) subs = subs.filter((s) => s.uri === uri);
    if (args.format) subs = subs.filter((s) => s.format === args.format);
    const page = paginate(subs, (s) => ({ id: s.id, value: args.sortKey === 'ID' ? s.id : s.createdAt }), args.reverse === true, args as PageArgs);
    ctx.nodes += page.nodes.length;
    return mapPage(page, webhookSubscriptionView);
  },

  webhookSubscriptionsCount: (args: Args, ctx: GqlContext) => {
    const count = ctx.core.listWebhookSubscriptions(ctx.shop.domain).length;
    const limit = typeof args.limit === 'number' ? args.limit : null;
    return limit !== null && count > limit ? { count: limit, precision: 'AT_LEAST' } : { count, precision: 'EXACT' };
  },

  currentAppInstallation: (_: Args, ctx: GqlContext) => installationView(ctx),

  node: (args: Args, ctx: GqlContext) => findNode(args.id, ctx),
  nodes: (args: Args, ctx: GqlContext) => ((args.ids as unknown[]) ?? []).map((id) => findNode(id, ctx)),

  // ------------------------------------------------------------ mutations
  webhookSubscriptionCreate: (args: Args, ctx: GqlContext) => {
    const topic = String(args.topic);
    const scopeErrors = webhookScopeError(ctx, topic);
    if (scopeErrors) return { webhookSubscription: null, userErrors: scopeErrors };
    const r = ctx.core.createWebhookSubscription(ctx.shop, topic, args.webhookSubscription as WebhookInput, ctx.apiVersion);
    return { webhookSubscription: r.subscription ? webhookSubscriptionView(r.subscription) : null, userErrors: r.userErrors };
  },

  webhookSubscriptionUpdate: (args: Args, ctx: GqlContext) => {
    const r = ctx.core.updateWebhookSubscription(ctx.shop, parseId(args.id, 'WebhookSubscription'), args.webhookSubscription as WebhookInput);
    return { webhookSubscription: r.subscription ? webhookSubscriptionView(r.subscription) : null, userErrors: r.userErrors };
  },

  webhookSubscriptionDelete: (args: Args, ctx: GqlContext) => {
    const id = parseId(args.id, 'WebhookSubscription');
    if (!ctx.core.deleteWebhookSubscription(ctx.shop, id)) {
      return { deletedWebhookSubscriptionId: null, userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }] };
    }
    return { deletedWebhookSubscriptionId: gid('WebhookSubscription', id!), userErrors: [] };
  },

  appSubscriptionCreate: (args: Args, ctx: GqlContext) => {
    const r = ctx.core.createAppSubscription(ctx.shop, args as unknown as NewAppSubscriptionInput);
    return {
      appSubscription: r.subscription ? appSubscriptionView(r.subscription) : null,
      confirmationUrl: r.subscription ? ctx.core.confirmationUrl(r.subscription) : null,
      userErrors: r.userErrors,
    };
  },

  appSubscriptionCancel: (args: Args, ctx: GqlContext) => {
    const r = ctx.core.cancelAppSubscription(ctx.shop, parseId(args.id, 'AppSubscription'));
    return { appSubscription: r.subscription ? appSubscriptionView(r.subscription) : null, userErrors: r.userErrors };
  },

  // The app uninstalls itself: as when the merchant removes it from the admin (subscriptions
  // cancelled, tokens revoked, app/uninstalled delivered, webhook subscriptions deleted).
  appUninstall: (_: Args, ctx: GqlContext) => {
    const app = { __typename: 'App', id: gid('App', 1), title: ctx.core.state.app.name, apiKey: ctx.core.app.apiKey };
    ctx.core.uninstall(ctx.shop.domain);
    return { app, userErrors: [] };
  },
  ...metafieldResolvers,
};
