// A subset of Shopify's Admin GraphQL schema (names and shapes as in the real API).
import { buildSchema } from 'graphql';
import { CURRENCIES } from '../format';
import { WEBHOOK_TOPICS } from '../topics';
import { METAFIELD_SDL } from './metafields';

export const SDL = /* GraphQL */ `
scalar DateTime
scalar Decimal
scalar URL
scalar UnsignedInt64
scalar ARN

interface Node {
  id: ID!
}

enum CurrencyCode { ${CURRENCIES.join(' ')} }
enum CountPrecision { EXACT AT_LEAST }
enum CountryCode { BE CA CH DE ES FR GB IT LU NL US }
enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED }
enum OrderCancelReason { CUSTOMER DECLINED FRAUD INVENTORY OTHER STAFF }
enum OrderSortKeys { CREATED_AT CUSTOMER_NAME DESTINATION FINANCIAL_STATUS FULFILLMENT_STATUS ID ORDER_NUMBER PO_NUMBER PROCESSED_AT RELEVANCE TOTAL_ITEMS_QUANTITY TOTAL_PRICE UPDATED_AT }
enum FulfillmentStatus { CANCELLED ERROR FAILURE SUCCESS OPEN PENDING }
enum FulfillmentDisplayStatus { ATTEMPTED_DELIVERY CARRIER_PICKED_UP CONFIRMED DELAYED DELIVERED FAILURE FULFILLED IN_TRANSIT LABEL_PRINTED LABEL_PURCHASED OUT_FOR_DELIVERY READY_FOR_PICKUP }
enum WebhookSubscriptionTopic { ${Object.keys(WEBHOOK_TOPICS).join(' ')} }
enum WebhookSubscriptionFormat { JSON XML }
enum WebhookSubscriptionSortKeys { CREATED_AT ID }
enum AppSubscriptionStatus { ACCEPTED ACTIVE CANCELLED DECLINED EXPIRED FROZEN PENDING }
enum AppPricingInterval { ANNUAL EVERY_30_DAYS }
enum AppSubscriptionReplacementBehavior { APPLY_IMMEDIATELY APPLY_ON_NEXT_BILLING_CYCLE STANDARD }
enum AppPurchaseStatus { ACCEPTED ACTIVE DECLINED EXPIRED PENDING }
enum AppTransactionSortKeys { CREATED_AT ID }
enum AppSubscriptionSortKeys { CREATED_AT ID }

schema {
  query: QueryRoot
  mutation: Mutation
}

# Shopify names its query root QueryRoot.
type QueryRoot {
  shop: Shop!
  order(id: ID!): Order
  orders(first: Int, after: String, last: Int, before: String, query: String, sortKey: OrderSortKeys = PROCESSED_AT, reverse: Boolean = false, savedSearchId: ID): OrderConnection!
  ordersCount(query: String, limit: Int = 10000, savedSearchId: ID): Count
  customer(id: ID!): Customer
  webhookSubscription(id: ID!): WebhookSubscription
  webhookSubscriptions(first: Int, after: String, last: Int, before: String, topics: [WebhookSubscriptionTopic!], uri: String, callbackUrl: URL, format: WebhookSubscriptionFormat, sortKey: WebhookSubscriptionSortKeys = CREATED_AT, reverse: Boolean = false, query: String): WebhookSubscriptionConnection!
  webhookSubscriptionsCount(query: String, limit: Int = 10000): Count
  currentAppInstallation: AppInstallation!
  node(id: ID!): Node
  nodes(ids: [ID!]!): [Node]!
}

type Mutation {
  webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  webhookSubscriptionUpdate(id: ID!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionUpdatePayload
  webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
  appSubscriptionCreate(name: String!, returnUrl: URL!, lineItems: [AppSubscriptionLineItemInput!]!, test: Boolean, trialDays: Int, replacementBehavior: AppSubscriptionReplacementBehavior = STANDARD): AppSubscriptionCreatePayload
  appSubscriptionCancel(id: ID!, prorate: Boolean = false): AppSubscriptionCancelPayload
  appUninstall: AppUninstallPayload
}

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

type Count {
  count: Int!
  precision: CountPrecision!
}

type UserError {
  field: [String!]
  message: String!
}

type MoneyV2 {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

type MoneyBag {
  shopMoney: MoneyV2!
  presentmentMoney: MoneyV2!
}

input MoneyInput {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

type Domain {
  id: ID!
  host: String!
  url: URL!
  sslEnabled: Boolean!
}

type Shop implements Node {
  id: ID!
  name: String!
  email: String!
  contactEmail: String!
  myshopifyDomain: String!
  url: URL!
  primaryDomain: Domain!
  currencyCode: CurrencyCode!
  ianaTimezone: String!
  timezoneAbbreviation: String!
  createdAt: DateTime!
  updatedAt: DateTime!
}

type Customer implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  firstName: String
  lastName: String
  displayName: String!
  email: String @deprecated(reason: "Use \`defaultEmailAddress.emailAddress\` instead.")
  phone: String @deprecated(reason: "Use \`defaultPhoneNumber.phoneNumber\` instead.")
  defaultEmailAddress: CustomerEmailAddress
  numberOfOrders: UnsignedInt64!
  createdAt: DateTime!
  updatedAt: DateTime!
}

type CustomerEmailAddress {
  emailAddress: String!
}

type MailingAddress {
  firstName: String
  lastName: String
  name: String
  address1: String
  city: String
  zip: String
  countryCodeV2: CountryCode
  phone: String
}

type Fulfillment implements Node {
  id: ID!
  name: String!
  status: FulfillmentStatus!
  displayStatus: FulfillmentDisplayStatus
  deliveredAt: DateTime
  createdAt: DateTime!
  updatedAt: DateTime!
}

type Order implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  email: String
  phone: String
  createdAt: DateTime!
  updatedAt: DateTime!
  processedAt: DateTime!
  cancelledAt: DateTime
  cancelReason: OrderCancelReason
  closed: Boolean!
  closedAt: DateTime
  confirmed: Boolean!
  test: Boolean!
  customerLocale: String
  fullyPaid: Boolean!
  currencyCode: CurrencyCode!
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  totalPriceSet: MoneyBag!
  currentTotalPriceSet: MoneyBag!
  subtotalPriceSet: MoneyBag
  totalRefundedSet: MoneyBag!
  customer: Customer
  billingAddress: MailingAddress
  shippingAddress: MailingAddress
  fulfillments(first: Int): [Fulfillment!]!
  tags: [String!]!
  note: String
}

type OrderEdge {
  cursor: String!
  node: Order!
}

type OrderConnection {
  edges: [OrderEdge!]!
  nodes: [Order!]!
  pageInfo: PageInfo!
}

type ApiVersion {
  handle: String!
  displayName: String!
  supported: Boolean!
}

type WebhookHttpEndpoint {
  callbackUrl: URL!
}

type WebhookEventBridgeEndpoint {
  arn: ARN!
}

type WebhookPubSubEndpoint {
  pubSubProject: String!
  pubSubTopic: String!
}

union WebhookSubscriptionEndpoint = WebhookHttpEndpoint | WebhookEventBridgeEndpoint | WebhookPubSubEndpoint

type WebhookSubscription implements Node {
  id: ID!
  legacyResourceId: UnsignedInt64!
  topic: WebhookSubscriptionTopic!
  uri: String!
  callbackUrl: URL! @deprecated(reason: "Use \`uri\` instead.")
  endpoint: WebhookSubscriptionEndpoint! @deprecated(reason: "Use \`uri\` instead.")
  format: WebhookSubscriptionFormat!
  includeFields: [String!]!
  metafieldNamespaces: [String!]!
  filter: String
  apiVersion: ApiVersion!
  createdAt: DateTime!
  updatedAt: DateTime!
}

type WebhookSubscriptionEdge {
  cursor: String!
  node: WebhookSubscription!
}

type WebhookSubscriptionConnection {
  edges: [WebhookSubscriptionEdge!]!
  nodes: [WebhookSubscription!]!
  pageInfo: PageInfo!
}

input WebhookSubscriptionInput {
  uri: String
  callbackUrl: URL
  format: WebhookSubscriptionFormat
  includeFields: [String!]
  metafieldNamespaces: [String!]
  filter: String
}

type WebhookSubscriptionCreatePayload {
  webhookSubscription: WebhookSubscription
  userErrors: [UserError!]!
}

type WebhookSubscriptionUpdatePayload {
  webhookSubscription: WebhookSubscription
  userErrors: [UserError!]!
}

type WebhookSubscriptionDeletePayload {
  deletedWebhookSubscriptionId: ID
  userErrors: [UserError!]!
}

type AccessScope {
  handle: String!
  description: String!
}

type App implements Node {
  id: ID!
  title: String!
  apiKey: String!
}

type AppInstallation implements Node {
  id: ID!
  app: App!
  launchUrl: URL!
  accessScopes: [AccessScope!]!
  activeSubscriptions: [AppSubscription!]!
  allSubscriptions(first: Int, after: String, last: Int, before: String, sortKey: AppSubscriptionSortKeys = CREATED_AT, reverse: Boolean = false): AppSubscriptionConnection!
  oneTimePurchases(first: Int, after: String, last: Int, before: String, sortKey: AppTransactionSortKeys = CREATED_AT, reverse: Boolean = false): AppPurchaseOneTimeConnection!
}

type AppSubscription implements Node {
  id: ID!
  name: String!
  status: AppSubscriptionStatus!
  test: Boolean!
  trialDays: Int!
  createdAt: DateTime!
  currentPeriodEnd: DateTime
  returnUrl: URL!
  lineItems: [AppSubscriptionLineItem!]!
}

type AppSubscriptionEdge {
  cursor: String!
  node: AppSubscription!
}

type AppSubscriptionConnection {
  edges: [AppSubscriptionEdge!]!
  nodes: [AppSubscription!]!
  pageInfo: PageInfo!
}

type AppSubscriptionLineItem {
  id: ID!
  plan: AppPlanV2!
}

type AppPlanV2 {
  pricingDetails: AppPricingDetails!
}

union AppPricingDetails = AppRecurringPricing | AppUsagePricing

type AppRecurringPricing {
  price: MoneyV2!
  interval: AppPricingInterval!
  discount: AppSubscriptionDiscount
  planHandle: String
}

type AppUsagePricing {
  balanceUsed: MoneyV2!
  cappedAmount: MoneyV2!
  terms: String!
  interval: AppPricingInterval!
}

type AppSubscriptionDiscount {
  durationLimitInIntervals: Int
  remainingDurationInIntervals: Int
  priceAfterDiscount: MoneyV2!
  value: AppSubscriptionDiscountValue!
}

union AppSubscriptionDiscountValue = AppSubscriptionDiscountAmount | AppSubscriptionDiscountPercentage

type AppSubscriptionDiscountAmount {
  amount: MoneyV2!
}

type AppSubscriptionDiscountPercentage {
  percentage: Float!
}

type AppPurchaseOneTime implements Node {
  id: ID!
  name: String!
  status: AppPurchaseStatus!
  test: Boolean!
  createdAt: DateTime!
  price: MoneyV2!
}

type AppPurchaseOneTimeEdge {
  cursor: String!
  node: AppPurchaseOneTime!
}

type AppPurchaseOneTimeConnection {
  edges: [AppPurchaseOneTimeEdge!]!
  nodes: [AppPurchaseOneTime!]!
  pageInfo: PageInfo!
}

input AppSubscriptionLineItemInput {
  plan: AppPlanInput!
}

input AppPlanInput {
  appRecurringPricingDetails: AppRecurringPricingInput
  appUsagePricingDetails: AppUsagePricingInput
}

input AppRecurringPricingInput {
  price: MoneyInput!
  interval: AppPricingInterval = EVERY_30_DAYS
  discount: AppSubscriptionDiscountInput
}

input AppUsagePricingInput {
  cappedAmount: MoneyInput!
  terms: String!
}

input AppSubscriptionDiscountInput {
  durationLimitInIntervals: Int
  value: AppSubscriptionDiscountValueInput
}

input AppSubscriptionDiscountValueInput {
  amount: Decimal
  percentage: Float
}

type AppSubscriptionCreatePayload {
  appSubscription: AppSubscription
  confirmationUrl: URL
  userErrors: [UserError!]!
}

type AppSubscriptionCancelPayload {
  appSubscription: AppSubscription
  userErrors: [UserError!]!
}

type AppUninstallPayload {
  app: App
  userErrors: [AppUninstallAppUninstallError!]!
}

type AppUninstallAppUninstallError {
  code: AppUninstallAppUninstallErrorCode
  field: [String!]
  message: String!
}

enum AppUninstallAppUninstallErrorCode {
  APP_NOT_INSTALLED
  APP_UNINSTALL_ERROR
}
${METAFIELD_SDL}
`;

export const schema = buildSchema(SDL);
