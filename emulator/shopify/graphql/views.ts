// The Admin API's objects as the emulator shows them (views of its records, with the scopes and the
// protected-customer-data approval they need), and the query context they read.
import { splitScopes } from '../areas/shared';
import type { EmulatorCore } from '../core';
import { gid, graphqlDecimal } from '../format';
import { paginate, type Page, type PageArgs } from '../pagination';
import type { SearchWarning } from '../search';
import type { AddressRecord, AppSubscriptionRecord, CustomerRecord, OrderRecord, ProtectedField, ShopRecord, TokenRecord, WebhookSubscriptionRecord } from '../types';
import { GraphQLError } from 'graphql';

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

export type Args = Record<string, unknown>;

export function hasScope(ctx: GqlContext, ...wanted: string[]): boolean {
  const scopes = new Set(splitScopes(ctx.token.scope));
  return wanted.some((w) => scopes.has(w));
}

export function requireScope(ctx: GqlContext, field: string, read: string): void {
  const resource = read.replace(/^read_/, '');
  if (!hasScope(ctx, read, `write_${resource}`)) {
    throw new GraphQLError(`Access denied for ${field} field. Required access: \`${read}\` access scope.`, {
      extensions: { code: 'ACCESS_DENIED', documentation: 'https://shopify.dev/api/usage/access-scopes', requiredAccess: `\`${read}\` access scope.` },
    });
  }
}

export const PROTECTED_DOC = 'https://shopify.dev/docs/apps/launch/protected-customer-data';

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
export function requireCustomerDataApproval(ctx: GqlContext, object: 'Order' | 'Customer'): void {
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

export function shopView(shop: ShopRecord) {
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

export function displayName(c: CustomerRecord): string {
  const name = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return name || c.email || c.phone || '';
}

export function customerView(c: CustomerRecord, ctx: GqlContext) {
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

export function orderView(o: OrderRecord, ctx: GqlContext) {
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
    customerLocale: o.customerLocale ?? null,
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

export function webhookSubscriptionView(s: WebhookSubscriptionRecord) {
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

export function appSubscriptionView(s: AppSubscriptionRecord) {
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

export function installationView(ctx: GqlContext) {
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

export function mapPage<T, V>(page: Page<T>, view: (t: T) => V) {
  const edges = page.edges.map((e) => ({ cursor: e.cursor, node: view(e.node) }));
  return { edges, nodes: edges.map((e) => e.node), pageInfo: page.pageInfo };
}
