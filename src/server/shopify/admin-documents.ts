/**
 * Every Admin GraphQL document the app sends to Shopify, in one place: tests/shopify validates each
 * against Shopify's published schema for SHOPIFY_API_VERSION (deprecations and the scopes each
 * selected type needs included), and checks that no `#graphql` document lives anywhere else.
 *
 * Each document carries the types of its answer and of its variables, generated from Shopify's
 * schema (generated/admin-types.ts, `npm run shopify:types`): `shopify.graphql(shop, token,
 * COUNT_ORDERS, { query })` is typed by them (facade.ts), no call site writes the shape by hand.
 */
import type {
  AppInstallationIdQuery,
  AppInstallationIdQueryVariables,
  BillingStateQuery,
  BillingStateQueryVariables,
  CancelSubscriptionMutation,
  CancelSubscriptionMutationVariables,
  CountOrdersQuery,
  CountOrdersQueryVariables,
  CreateSubscriptionMutation,
  CreateSubscriptionMutationVariables,
  CreateWebhookSubscriptionMutation,
  CreateWebhookSubscriptionMutationVariables,
  CustomerDataProbeQuery,
  CustomerDataProbeQueryVariables,
  DiagnosticCountOrdersQuery,
  DiagnosticCountOrdersQueryVariables,
  ReadOrdersQuery,
  ReadOrdersQueryVariables,
  SetAppMetafieldsMutation,
  SetAppMetafieldsMutationVariables,
  ShopDetailsQuery,
  ShopDetailsQueryVariables,
  UninstallAppMutation,
  UninstallAppMutationVariables,
  UpdateWebhookSubscriptionMutation,
  UpdateWebhookSubscriptionMutationVariables,
  WebhookSubscriptionsQuery,
  WebhookSubscriptionsQueryVariables,
} from './generated/admin-types';

/**
 * A document as sent (its text) that also carries, in its type only, the generated types of its
 * answer and its variables. The pairing is checked against the operation's name by
 * tests/shopify/admin-types.test.ts.
 */
export type AdminDocument<TResult, TVariables> = string & { readonly __apiType?: (variables: TVariables) => TResult };

const document = <TResult, TVariables>(text: string) => text as AdminDocument<TResult, TVariables>;

/** The shop's name, read right after the code exchange (install flow). */
export const SHOP_DETAILS = document<ShopDetailsQuery, ShopDetailsQueryVariables>(`#graphql
query ShopDetails { shop { name email myshopifyDomain currencyCode } }`);

/**
 * Orders page by page (reconciliation, history import): orders/admin-api.ts, mapped to the domain
 * order by orders/order.ts (fromGraphql). Everything comes from the order itself, which `read_orders`
 * covers: `Order.customer` would need `read_customers`. The e-mail and the addresses' names are
 * protected customer data (level 2): a shop whose app is not approved answers them null with an
 * error, which admin-api.ts reads as missing. One fulfillment per order is read for its delivery
 * time: it covers the common order (one parcel) for a fifth of the query's cost that five would add;
 * an order whose first parcel is not the delivered one still gets its delivered_at from the
 * fulfillment_events/create webhook. `customerLocale` is the language the customer is asked in
 * (#core/customer-language).
 */
export const READ_ORDERS = document<ReadOrdersQuery, ReadOrdersQueryVariables>(`#graphql
query ReadOrders($query: String!, $after: String) {
  orders(first: 100, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      legacyResourceId name email test customerLocale createdAt updatedAt processedAt cancelledAt
      displayFinancialStatus displayFulfillmentStatus
      fulfillments(first: 1) { deliveredAt }
      totalPriceSet { shopMoney { amount currencyCode } }
      billingAddress { firstName lastName }
      shippingAddress { firstName lastName }
    }
  }
}`);

/**
 * The newest order's protected customer fields, read only to learn which ones Shopify withholds from
 * this app (the diagnostic's customer data check).
 */
export const CUSTOMER_DATA_PROBE = document<CustomerDataProbeQuery, CustomerDataProbeQueryVariables>(`#graphql
query CustomerDataProbe {
  orders(first: 1, sortKey: CREATED_AT, reverse: true) {
    nodes { email billingAddress { firstName lastName } shippingAddress { firstName lastName } }
  }
}`);

/** The paid orders of the last 60 days (shopify-count-orders). */
export const COUNT_ORDERS = document<CountOrdersQuery, CountOrdersQueryVariables>(`#graphql
query CountOrders($query: String!) { ordersCount(query: $query) { count precision } }`);

/** The orders the token can read (the diagnostic's token check). */
export const DIAGNOSTIC_COUNT_ORDERS = document<DiagnosticCountOrdersQuery, DiagnosticCountOrdersQueryVariables>(`#graphql
query DiagnosticCountOrders($query: String!) { ordersCount(query: $query) { count } }`);

/** The shop's webhook subscriptions (registration, diagnostic, repair). */
export const WEBHOOK_SUBSCRIPTIONS = document<WebhookSubscriptionsQuery, WebhookSubscriptionsQueryVariables>(`#graphql
query WebhookSubscriptions { webhookSubscriptions(first: 100) { nodes { id topic uri } } }`);

/** Subscribes one topic (registration). */
export const CREATE_WEBHOOK_SUBSCRIPTION = document<CreateWebhookSubscriptionMutation, CreateWebhookSubscriptionMutationVariables>(`#graphql
mutation CreateWebhookSubscription($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`);

/** Re-points a subscription at this app's address (fix-webhook-urls). */
export const UPDATE_WEBHOOK_SUBSCRIPTION = document<UpdateWebhookSubscriptionMutation, UpdateWebhookSubscriptionMutationVariables>(`#graphql
mutation UpdateWebhookSubscription($id: ID!, $uri: String!) {
  webhookSubscriptionUpdate(id: $id, webhookSubscription: { uri: $uri }) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`);

/** The app's installation on the shop: the owner of its app-data metafields (storefront/publish.ts). */
export const APP_INSTALLATION_ID = document<AppInstallationIdQuery, AppInstallationIdQueryVariables>(`#graphql
query AppInstallationId { currentAppInstallation { id } }`);

/**
 * Writes the storefront's app-data metafield (the theme app extension reads it, decision 028).
 * Setting a value is idempotent: sent again after a lost answer, it leaves the same value.
 */
export const SET_APP_METAFIELDS = document<SetAppMetafieldsMutation, SetAppMetafieldsMutationVariables>(`#graphql
mutation SetAppMetafields($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { id namespace key }
    userErrors { field message code }
  }
}`);

/**
 * Mutations sent again after a 5xx, a timeout or a lost connection (resilience.ts): running them twice
 * does no harm. Re-pointing a subscription at an address leaves it there however often it runs. The
 * others are not: a second appSubscriptionCreate is a second charge to approve, a second
 * webhookSubscriptionCreate is refused as taken (registration reads the list again instead), and a
 * second cancel or uninstall is refused once the first ran.
 */
export const RETRY_SAFE_MUTATIONS: readonly string[] = [UPDATE_WEBHOOK_SUBSCRIPTION, SET_APP_METAFIELDS];

/** Starts a plan's subscription; answers Shopify's confirmation URL (billing). */
export const CREATE_SUBSCRIPTION = document<CreateSubscriptionMutation, CreateSubscriptionMutationVariables>(`#graphql
mutation CreateSubscription(
  $name: String!
  $returnUrl: URL!
  $test: Boolean
  $lineItems: [AppSubscriptionLineItemInput!]!
  $replacementBehavior: AppSubscriptionReplacementBehavior
) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, lineItems: $lineItems, replacementBehavior: $replacementBehavior) {
    appSubscription { id status }
    confirmationUrl
    userErrors { field message }
  }
}`);

/**
 * The installation's billing as Shopify holds it now (billing/sync.ts): its active subscriptions and
 * the newest ones of any status, which tell a pending, declined or expired plan change apart.
 */
export const BILLING_STATE = document<BillingStateQuery, BillingStateQueryVariables>(`#graphql
query BillingState {
  currentAppInstallation {
    activeSubscriptions { id name status test createdAt currentPeriodEnd }
    allSubscriptions(first: 10, sortKey: CREATED_AT, reverse: true) {
      nodes { id name status test createdAt currentPeriodEnd }
    }
  }
}`);

/** Cancels one subscription (disconnect, when the merchant asks to stop paying). */
export const CANCEL_SUBSCRIPTION = document<CancelSubscriptionMutation, CancelSubscriptionMutationVariables>(`#graphql
mutation CancelSubscription($id: ID!) {
  appSubscriptionCancel(id: $id) {
    appSubscription { id status }
    userErrors { field message }
  }
}`);

/** Uninstalls the app from the shop (disconnect, when the merchant asks to remove it). */
export const UNINSTALL_APP = document<UninstallAppMutation, UninstallAppMutationVariables>(`#graphql
mutation UninstallApp {
  appUninstall {
    app { id }
    userErrors { code field message }
  }
}`);

/** The documents by name, for the schema test. */
export const ADMIN_DOCUMENTS: Readonly<Record<string, string>> = {
  SHOP_DETAILS,
  READ_ORDERS,
  COUNT_ORDERS,
  DIAGNOSTIC_COUNT_ORDERS,
  CUSTOMER_DATA_PROBE,
  WEBHOOK_SUBSCRIPTIONS,
  CREATE_WEBHOOK_SUBSCRIPTION,
  UPDATE_WEBHOOK_SUBSCRIPTION,
  CREATE_SUBSCRIPTION,
  BILLING_STATE,
  CANCEL_SUBSCRIPTION,
  UNINSTALL_APP,
  APP_INSTALLATION_ID,
  SET_APP_METAFIELDS,
};
