// Root resolvers and view objects. graphql-js's default resolver reads properties and calls
// functions with (args, context, info); unions and interfaces resolve through `__typename`.
import { GraphQLError } from 'graphql';
import { splitScopes, type NewAppSubscriptionInput } from '../areas/shared';
import type { EmulatorCore } from '../core';
import { gid, graphqlDecimal, parseId } from '../format';
import { paginate, type Page, type PageArgs } from '../pagination';
import { orderMatches, parseSearch, searchWarnings, type SearchWarning } from '../search';
import { restTopic } from '../topics';
import type { AddressRecord, AppSubscriptionRecord, CustomerRecord, OrderRecord, ProtectedField, ShopRecord, TokenRecord, WebhookSubscriptionRecord } from '../types';
import { metafieldResolvers } from './metafields';

export interface GqlContext {
  core: EmulatorCore;
  shop: ShopRecord;
  token: TokenRecord;
  apiVersion: string;
  /** Nodes returned by connections, for the actual query cost. */
  nodes: number;
  /** Search terms Shopify would not apply, reported in `extensions.search` as Shopify does. */
  search: { path: (string | number)[]; query: string; warnings: SearchWarning[] }[];
}

type Args = Record<string, unknown>;

function hasScope(ctx: GqlContext, ...wanted: string[]): boolean {
  const scopes = new Set(splitScopes(ctx.token.scope));
  return wanted.some((w) => scopes.has(w));
}

function requireScope(ctx: GqlContext, field: string, read: string): void {
  const resource = read.replace(/^read_/, '');
  if (!hasScope(ctx, read, `write_${resource}`)) {
    throw new GraphQLError(`Access denied for ${field} field. Required access: \`${read}\` access scope.`, {
      extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${read}\` access scope.` },
    });
  }
}

const PROTECTED_DOC = 'https://shopify.dev/docs/apps/launch/protected-customer-data';

/**
 * A protected customer field: its value when Shopify approved the app for that field (level 2),
 * else an ACCESS_DENIED error at this field's path (the field answers null, the rest of the data
 * stays), as Shopify does for unapproved fields.
 */
function protectedValue<T>(ctx: GqlContext, category: ProtectedField, field: string, value: T): () => T {
  return () => {
    if (!ctx.core.approvesField(category)) {
      throw new GraphQLError(`This app is not approved to use the ${field} field. See ${PROTECTED_DOC} for more details.`, {
        extensions: { code: 'ACCESS_DENIED', documentation: PROTECTED_DOC },
      });
    }
    return value;
  };
}

/** Customer data objects (Order, Customer) need level 1 approval at least. */
function requireCustomerDataApproval(ctx: GqlContext, object: 'Order' | 'Customer'): void {
  if (!ctx.core.approvesCustomerData()) {
    throw new GraphQLError(`This app is not approved to access the ${object} object. See ${PROTECTED_DOC} for more details.`, {
      extensions: { code: 'ACCESS_DENIED', documentation: PROTECTED_DOC },
    });
  }
}

function mailingAddressView(a: AddressRecord | null | undefined, ctx: GqlContext) {
  if (!a) return null;
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ') || null;
  return {
    firstName: protectedValue(ctx, 'name', 'firstName', a.firstName),
    lastName: protectedValue(ctx, 'name', 'lastName', a.lastName),
    name: protectedValue(ctx, 'name', 'name', name),
    address1: protectedValue(ctx, 'address', 'address1', a.address1),
    city: protectedValue(ctx, 'address', 'city', a.city),
    zip: protectedValue(ctx, 'address', 'zip', a.zip),
    countryCodeV2: a.countryCode,
    phone: protectedValue(ctx, 'phone', 'phone', a.phone),
  };
}

function money(cents: number, currency: string) {
  return { amount: graphqlDecimal(cents), currencyCode: currency };
}

function moneyBag(cents: number, currency: string) {
  const m = money(cents, currency);
  return { shopMoney: m, presentmentMoney: m };
}

function shopView(shop: ShopRecord) {
  return {
    __typename: 'Shop',
    id: gid('Shop', shop.id),
    name: shop.name,
    email: shop.email,
    contactEmail: shop.email,
    myshopifyDomain: shop.domain,
    url: `https://${shop.domain}`,
    primaryDomain: { id: gid('Domain', shop.id), host: shop.domain, url: `https://${shop.domain}`, sslEnabled: true },
    currencyCode: shop.currency,
    ianaTimezone: 'Etc/UTC',
    timezoneAbbreviation: 'UTC',
    createdAt: shop.createdAt,
    updatedAt: shop.updatedAt,
  };
}

function displayName(c: CustomerRecord): string {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return name || c.email || c.phone || '';
}

function customerView(c: CustomerRecord, ctx: GqlContext) {
  return {
    __typename: 'Customer',
    id: gid('Customer', c.id),
    legacyResourceId: String(c.id),
    firstName: protectedValue(ctx, 'name', 'firstName', c.firstName),
    lastName: protectedValue(ctx, 'name', 'lastName', c.lastName),
    displayName: protectedValue(ctx, 'name', 'displayName', displayName(c)),
    email: protectedValue(ctx, 'email', 'email', c.email),
    phone: protectedValue(ctx, 'phone', 'phone', c.phone),
    defaultEmailAddress: c.email ? { emailAddress: protectedValue(ctx, 'email', 'emailAddress', c.email) } : null,
    numberOfOrders: () => String(ctx.core.state.orders.filter((o) => o.customerId === c.id).length),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

function orderView(o: OrderRecord, ctx: GqlContext) {
  const customer = ctx.core.findCustomer(o.shop, o.customerId);
  return {
    __typename: 'Order',
    id: gid('Order', o.id),
    legacyResourceId: String(o.id),
    name: `#${o.number}`,
    email: protectedValue(ctx, 'email', 'email', o.email),
    phone: protectedValue(ctx, 'phone', 'phone', o.billingAddress?.phone ?? null),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    processedAt: o.processedAt,
    cancelledAt: o.cancelledAt,
    cancelReason: o.cancelReason ? o.cancelReason.toUpperCase() : null,
    closed: Boolean(o.closedAt),
    closedAt: o.closedAt,
    confirmed: true,
    test: o.test,
    fullyPaid: o.financialStatus === 'PAID' || o.financialStatus === 'PARTIALLY_REFUNDED' || o.financialStatus === 'REFUNDED',
    currencyCode: o.currency,
    displayFinancialStatus: o.financialStatus,
    displayFulfillmentStatus: o.fulfillmentStatus,
    totalPriceSet: moneyBag(o.totalCents, o.currency),
    currentTotalPriceSet: moneyBag(o.totalCents - o.refundedCents, o.currency),
    subtotalPriceSet: moneyBag(o.totalCents, o.currency),
    totalRefundedSet: moneyBag(o.refundedCents, o.currency),
    // Customer needs read_customers wherever it is reached, here too (null plus an error).
    customer: () => {
      requireScope(ctx, 'customer', 'read_customers');
      return customer ? customerView(customer, ctx) : null;
    },
    billingAddress: mailingAddressView(o.billingAddress, ctx),
    shippingAddress: mailingAddressView(o.shippingAddress, ctx),
    fulfillments: (args: Args) =>
      o.fulfillments.slice(0, typeof args.first === 'number' ? args.first : undefined).map((f, i) => ({
        __typename: 'Fulfillment',
        id: gid('Fulfillment', f.id),
        name: `#${o.number}-F${i + 1}`,
        status: 'SUCCESS',
        // The latest tracking event's status, FULFILLED before any; DELIVERED once delivered.
        displayStatus: f.deliveredAt ? 'DELIVERED' : (f.events?.at(-1)?.status ?? 'FULFILLED'),
        deliveredAt: f.deliveredAt ?? null,
        createdAt: f.createdAt,
        updatedAt: f.events?.at(-1)?.createdAt ?? f.createdAt,
      })),
    tags: [],
    note: null,
  };
}

function webhookSubscriptionView(s: WebhookSubscriptionRecord) {
  return {
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', s.id),
    legacyResourceId: String(s.id),
    topic: s.topic,
    uri: s.uri,
    callbackUrl: s.uri,
    endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: s.uri },
    format: s.format,
    includeFields: s.includeFields,
    metafieldNamespaces: s.metafieldNamespaces,
    filter: s.filter,
    apiVersion: { handle: s.apiVersion, displayName: s.apiVersion, supported: true },
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

function appSubscriptionView(s: AppSubscriptionRecord) {
  return {
    __typename: 'AppSubscription',
    id: gid('AppSubscription', s.id),
    name: s.name,
    status: s.status,
    test: s.test,
    trialDays: s.trialDays,
    createdAt: s.createdAt,
    currentPeriodEnd: s.currentPeriodEnd,
    returnUrl: s.returnUrl,
    lineItems: s.lineItems.map((li, index) => ({
      id: gid('AppSubscriptionLineItem', `${s.id}?v=1&index=${index}`),
      plan: {
        pricingDetails:
          li.kind === 'recurring'
            ? {
                __typename: 'AppRecurringPricing',
                price: money(li.amountCents, li.currency),
                interval: li.interval,
                planHandle: null,
                discount: li.discount
                  ? {
                      durationLimitInIntervals: li.discount.durationLimitInIntervals,
                      remainingDurationInIntervals: li.discount.durationLimitInIntervals,
                      priceAfterDiscount: money(
                        li.discount.amountCents !== null ? Math.max(0, li.amountCents - li.discount.amountCents) : Math.round(li.amountCents * (1 - (li.discount.percentage ?? 0))),
                        li.currency,
                      ),
                      value:
                        li.discount.amountCents !== null
                          ? { __typename: 'AppSubscriptionDiscountAmount', amount: money(li.discount.amountCents, li.currency) }
                          : { __typename: 'AppSubscriptionDiscountPercentage', percentage: li.discount.percentage ?? 0 },
                    }
                  : null,
              }
            : {
                __typename: 'AppUsagePricing',
                balanceUsed: money(li.balanceUsedCents, li.currency),
                cappedAmount: money(li.cappedCents, li.currency),
                terms: li.terms,
                interval: 'EVERY_30_DAYS',
              },
      },
    })),
  };
}

function installationView(ctx: GqlContext) {
  const { core, shop } = ctx;
  const installation = shop.installation!;
  const subs = () => core.state.appSubscriptions.filter((s) => s.shop === shop.domain);
  return {
    __typename: 'AppInstallation',
    id: gid('AppInstallation', installation.id),
    app: { __typename: 'App', id: gid('App', 1), title: core.state.app.name, apiKey: core.app.apiKey },
    launchUrl: `${core.adminUrl(shop)}/apps/open`,
    accessScopes: installation.scopes.map((handle) => ({ handle, description: handle })),
    activeSubscriptions: () =>
      subs()
        .filter((s) => s.status === 'ACTIVE')
        .map(appSubscriptionView),
    allSubscriptions: (args: Args) => {
      const page = paginate(subs(), (s) => ({ id: s.id, value: args.sortKey === 'ID' ? s.id : s.createdAt }), args.reverse === true, args as PageArgs);
      ctx.nodes += page.nodes.length;
      return mapPage(page, appSubscriptionView);
    },
    oneTimePurchases: (args: Args) =>
      mapPage(
        paginate([] as { id: number }[], (p) => ({ id: p.id, value: p.id }), false, args as PageArgs),
        (x) => x,
      ),
  };
}

function mapPage<T, V>(page: Page<T>, view: (t: T) => V) {
  const edges = page.edges.map((e) => ({ cursor: e.cursor, node: view(e.node) }));
  return { edges, nodes: edges.map((e) => e.node), pageInfo: page.pageInfo };
}

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
