/**
 * Every column of the data model (src/db/schema.ts), classified by what it holds of a person and what
 * becomes of it when Shopify asks to erase a customer (customers/redact, compliance.ts; decision 020):
 *
 * - erased: the customer's personal data; customers/redact erases or anonymises it (how: the reason);
 * - kept: on a row customers/redact anonymises, a fact that names nobody once the row's identity is
 *   erased (a rating, a date, a count the dashboard keeps); a table with one has an erased column;
 * - transient: the customer's personal data held briefly, gone without a request (why: the reason);
 * - merchant: the merchant's own data (account, shop, settings, what they wrote), never a customer's:
 *   it goes with the account or with shop/redact;
 * - none: not personal data.
 *
 * personal-data.test.ts fails when a table or a column of the schema is missing here (or named here
 * and gone): a new column is classified, and erased if it holds the customer, before it ships.
 * erasure.int.test.ts gives every `erased` column a customer to hold, then checks nothing of them is
 * left anywhere after customers/redact.
 */

export type PersonalDataKind = 'erased' | 'kept' | 'transient' | 'merchant' | 'none';

export interface Classification {
  kind: PersonalDataKind;
  reason: string;
}

type Columns = Record<string, Classification>;

/** The same classification for each of these columns (every column is still named). */
const as =
  (kind: PersonalDataKind) =>
  (reason: string, ...columns: string[]): Columns =>
    Object.fromEntries(columns.map((column) => [column, { kind, reason }]));
const erased = as('erased');
const kept = as('kept');
const transient = as('transient');
const merchant = as('merchant');
const none = as('none');

const ids = (...columns: string[]) => none('identifiers and tenancy', ...columns);
const dates = (...columns: string[]) => none('bookkeeping dates', ...columns);

/** Table (SQL name) → column (SQL name) → classification. */
export const PERSONAL_DATA: Record<string, Columns> = {
  // ---- Accounts (better-auth): the merchant's.
  user: merchant("the merchant's account", 'id', 'name', 'email', 'email_verified', 'image', 'company_name', 'created_at', 'updated_at'),
  session: merchant("the merchant's sign-in sessions (their address and browser)", 'id', 'expires_at', 'token', 'created_at', 'updated_at', 'ip_address', 'user_agent', 'user_id'),
  account: merchant(
    "the merchant's credentials",
    'id',
    'account_id',
    'provider_id',
    'user_id',
    'access_token',
    'refresh_token',
    'id_token',
    'access_token_expires_at',
    'refresh_token_expires_at',
    'scope',
    'password',
    'created_at',
    'updated_at',
  ),
  verification: merchant(
    "the merchant's one-time secrets (address confirmation, password reset), expired ones deleted daily",
    'id',
    'identifier',
    'value',
    'expires_at',
    'created_at',
    'updated_at',
  ),
  email_change_links: {
    ...merchant(
      "the account's pending new address and its link's one-time secret, stored hashed (decision 046), expired ones deleted daily",
      'new_email',
      'token_hash',
      'expires_at',
    ),
    ...ids('user_id'),
    ...dates('created_at'),
  },
  spent_email_change_links: {
    ...none("a spent change link's hashed secret and why it stopped working, tied to no account (decision 046), deleted daily once it would have expired", 'token_hash', 'reason'),
    ...dates('expires_at'),
  },
  rate_limit: {
    ...transient(
      "a counter keyed by a client address (the review page's, so a customer's) or an account's address: linked to no customer record, a window of at most an hour, deleted after 31 days (jobs/maintenance.ts)",
      'key',
    ),
    ...none('a counter', 'id', 'count', 'last_request'),
  },

  // ---- Plans and usage: the shop's.
  subscription_plans: none(
    'the price list',
    'id',
    'code',
    'name',
    'price_amount',
    'price_currency',
    'email_quota',
    'is_unlimited',
    'features',
    'is_active',
    'sort_order',
    'created_at',
  ),
  shop_plans: {
    ...merchant("the shop's plan (shop/redact deletes it)", 'shop_domain'),
    ...none("the plan's terms", 'id', 'plan', 'emails_quota', 'period_start', 'period_end', 'updated_at'),
  },
  shop_usage: { ...merchant("the shop's usage (shop/redact deletes it)", 'shop_domain'), ...none('counts per period', 'period_start', 'metric', 'value') },
  billing_notices: none(
    'a plan change Shopify refused: plan names and Shopify ids',
    'id',
    'shop_id',
    'subscription_id',
    'kind',
    'requested_plan',
    'kept_plan',
    'created_at',
    'seen_at',
  ),
  store_absences: none('when the store was away and came back, and whether the merchant read it', 'id', 'shop_id', 'reason', 'away_from', 'back_at', 'seen_at', 'created_at'),

  // ---- Stores and the install flow: the merchant's shop.
  shopify_stores: merchant(
    "the merchant's shop and its connection (shop/redact deletes it)",
    'id',
    'user_id',
    'shop_name',
    'shop_domain',
    'access_token',
    'refresh_token',
    'access_token_expires_at',
    'refresh_token_expires_at',
    'scope',
    'is_active',
    'installed_at',
    'uninstalled_at',
    'subscription_status',
    'shopify_subscription_id',
    'billing_read_ticket',
    'billing_applied_ticket',
    'billing_synced_at',
    'billing_period_end',
    'away_reason',
    'same_path_for_all_ratings',
    'show_unverified_reviews',
    'storefront_proxy_path',
    'default_customer_language',
    'customer_languages',
    'orders_reconciled_at',
    'created_at',
    'updated_at',
  ),
  shopify_installation_tokens: merchant(
    "an install of the merchant's shop",
    'id',
    'installation_token',
    'shop_domain',
    'expires_at',
    'used_at',
    'user_id',
    'selected_plan_id',
    'created_at',
  ),
  oauth_states: merchant(
    "an OAuth run of the merchant's shop, expired ones deleted daily",
    'id',
    'state_token',
    'user_id',
    'provider',
    'metadata',
    'expires_at',
    'used_at',
    'created_at',
  ),
  shopify_webhooks: none(
    "the shop's webhook subscriptions: topics and the app's own address",
    'id',
    'shop_id',
    'topic',
    'address',
    'webhook_id',
    'is_active',
    'created_at',
    'updated_at',
  ),
  shopify_webhook_events: {
    ...transient("the delivery's body, customer data included, dropped once its job ran (process.ts): the redact request's own body too", 'payload'),
    ...none('why processing failed: a schema path or a fixed note, never a value', 'error'),
    ...merchant('the shop the delivery is about (shop/redact deletes its events)', 'shop_domain'),
    ...ids('id', 'shop_id', 'shopify_id'),
    ...none('the delivery', 'topic', 'processed', 'processed_at', 'created_at'),
  },

  // ---- Orders, flows, requests and reviews.
  shopify_orders: {
    ...erased('the address and the name on the order: set to null (orders/customer.ts redactOrders)', 'customer_email', 'customer_name'),
    ...kept('the language the anonymous order was placed in (`fr-CA`): shared by a whole market, it identifies no one', 'customer_locale'),
    ...kept("the order itself, anonymous: the merchant's reference, amount and dates", 'shopify_order_id', 'order_number', 'total_price', 'currency', 'financial_status'),
    ...kept('dates of the anonymous order', 'paid_at', 'fulfilled_at', 'delivered_at', 'cancelled_at', 'refunded_at', 'order_created_at', 'order_updated_at'),
    ...ids('id', 'user_id', 'shop_id'),
    ...dates('created_at', 'updated_at'),
  },
  flow_configurations: merchant(
    "the merchant's flows",
    'id',
    'shop_id',
    'name',
    'trigger_event',
    'delay_days',
    'channels',
    'target_all_orders',
    'minimum_order_amount',
    'reminder_days',
    'is_active',
    'created_at',
    'updated_at',
  ),
  shopify_review_requests: {
    ...erased('the address and the name the request was sent to: set to null', 'customer_email', 'customer_name'),
    ...erased('a send failure may quote the address (an SMTP rejection does): set to null', 'last_error'),
    ...kept(
      'what became of the anonymous request (an unsent one is cancelled first)',
      'status',
      'scheduled_at',
      'channel',
      'source',
      'kind',
      'attempts',
      'failure_kind',
      'withdrawn_reason',
    ),
    ...kept('the locale the anonymous request was made in (its page, and the evidence of what was sent, read it)', 'locale'),
    ...kept('whether the send was counted without proof (decision 051); customers/redact sets it false: nothing more is re-sent to the customer', 'unconfirmed'),
    ...kept("engagement on the anonymous request: the dashboard's figures (insight_request_days) count it", 'sent_at', 'opened_at', 'visited_at', 'postponed_at'),
    ...kept('a random token: its page shows nothing of anyone once the request is anonymous', 'token'),
    ...kept("the anonymous order's reference", 'shopify_order_id'),
    ...ids('id', 'user_id', 'shop_id', 'order_id', 'flow_id', 'reminder_of'),
    ...dates('created_at', 'updated_at'),
  },
  shopify_reviews: {
    ...erased(
      "what the reviewer typed (whatever address, even on the customer's link) and wrote: set to null; found by request, order and e-mail",
      'customer_email',
      'customer_name',
      'comment',
    ),
    ...erased('generated from the name, the address and the order number: follows them', 'search_text'),
    ...kept("the anonymous rating: the dashboard's counts and what the reviewer was shown (compliance evidence, audit export)", 'rating', 'is_published', 'action_taken', 'shown'),
    ...kept('where the anonymous review came from (an order, the shared link): whether it is a verified purchase (decision 044)', 'origin'),
    ...kept('engagement on the anonymous review, and the site the merchant offered', 'public_review_url', 'public_link_followed_at'),
    ...kept("the anonymous order's reference", 'shopify_order_id', 'order_number'),
    ...kept('storefront moderation of the anonymous review (decision 028): when and for which content reason it was hidden', 'hidden_at', 'hidden_reason'),
    ...merchant('the merchant account that hid the review from the storefront', 'hidden_by'),
    ...none("the review page's right to add photos for an hour (decision 058): the hash of a key only that page held, and its end", 'photo_upload_hash', 'photo_upload_until'),
    ...ids('id', 'user_id', 'shop_id', 'review_request_id'),
    ...dates('created_at'),
  },
  review_photos: {
    ...erased("the customer's photo and its thumbnail (decision 058): the row deleted, both files removed from the storage", 'storage_key', 'thumb_key'),
    ...none(
      "the photo's place, sizes and moderation: no one's data, deleted with the photo",
      'position',
      'width',
      'height',
      'thumb_width',
      'thumb_height',
      'size',
      'hidden_at',
      'hidden_reason',
    ),
    ...merchant('the merchant account that hid the photo from the storefront', 'hidden_by'),
    ...ids('id', 'shop_id', 'review_id'),
    ...dates('created_at'),
  },
  insight_request_days: none('counts per store and day', 'shop_id', 'day', 'sent', 'opened', 'visited', 'reviewed'),
  insight_review_days: none('counts per store, day and rating', 'shop_id', 'day', 'rating', 'reviews', 'offered', 'followed'),
  rating_actions: {
    ...merchant("the merchant's settings: their alert address, their page's address and their words", 'notification_email', 'redirect_url', 'feedback_message'),
    ...none('the setting', 'id', 'shop_id', 'rating', 'action_type'),
  },

  // ---- Branding, pages, templates and sending: the merchant's.
  store_branding: merchant("the store's visual identity", 'shop_id', 'logo_url', 'logo_email_url', 'button_text_color', 'button_bg_color', 'primary_color', 'updated_at'),
  store_customization: merchant(
    'texts the merchant wrote',
    'shop_id',
    'language',
    'page_title',
    'page_description',
    'thank_you_message',
    'positive_feedback_message',
    'negative_feedback_message',
    'email_greeting',
    'email_closing',
    'button_text',
    'updated_at',
  ),
  email_templates: merchant(
    "the merchant's template (placeholders, never a customer's values)",
    'id',
    'shop_id',
    'name',
    'template_type',
    'language',
    'subject',
    'from_name',
    'logo_url',
    'logo_email_url',
    'body_content',
    'button_text',
    'button_url_template',
    'button_color',
    'footer_text',
    'reminder_subject',
    'reminder_first_line',
    'html_content',
    'text_content',
    'is_active',
    'is_default',
    'variables',
    'created_at',
    'updated_at',
  ),
  stored_files: merchant("the stores' uploaded logos", 'key', 'content_type', 'bytes', 'size', 'created_at'),
  store_email_config: merchant(
    "the merchant's sending settings and notification address",
    'id',
    'shop_id',
    'owner_notification_email',
    'unsubscribe_enabled',
    'daily_send_limit',
    'customer_ask_window_days',
    'updated_at',
  ),
  store_sender_domains: merchant(
    "the merchant's sending address and its keys",
    'shop_id',
    'from_address',
    'domain',
    'selector',
    'dkim_private_key',
    'dkim_public_key',
    'verified_at',
    'last_checked_at',
    'last_check',
    'created_at',
    'updated_at',
  ),
  audit_log: {
    ...merchant('who changed a setting: a merchant account', 'actor_user_id', 'actor_email'),
    ...merchant(
      "the rating actions as the merchant set them (their alert address, their words), or a review's storefront moderation (its id and the reason), never a customer's",
      'before',
      'after',
    ),
    ...none('the change', 'id', 'shop_id', 'action', 'created_at'),
  },
  notification_recipients: {
    ...merchant("an address the merchant chose for their alerts, and whether its owner confirmed it (decision 022): never a customer's", 'email', 'confirmed_at'),
    ...merchant("the merchant's one-time secret (the confirmation link's token, stored hashed) and its dates", 'token_hash', 'token_expires_at', 'link_sent_at'),
    ...ids('id', 'shop_id'),
    ...dates('created_at'),
  },
  merchant_alerts: {
    ...merchant("where an alert went: the merchant's confirmed address or their account's", 'recipient'),
    ...none('the hourly cap of alerts: which review (no address, no words of the reviewer), when, sent or summed up', 'status', 'hour'),
    ...ids('id', 'shop_id', 'review_id'),
    ...dates('created_at'),
  },
  email_send_ledger: none(
    "a send's bookkeeping: ids, states and times, no address",
    'request_id',
    'shop_id',
    'message_id',
    'state',
    'worker_id',
    'month_period_start',
    'day_start',
    'reserved_at',
    'transmitting_at',
    'completed_at',
  ),
  review_request_exclusions: none('an order id the merchant excluded', 'order_id', 'created_at'),
  email_suppressions: {
    ...erased("the customer's unsubscribed address: the row is deleted", 'email'),
    ...none('the suppression, deleted with its address', 'id', 'shop_id', 'reason', 'created_at'),
  },
  compliance_exports: {
    ...erased(
      "an export about the customer keeps only that it was made (emptied, erased_at set); any other export loses the entries naming the customer's addresses or orders",
      'data',
    ),
    ...none("Shopify's data request id, and when the export was made: the proof it was answered", 'request_id', 'created_at'),
    ...ids('id', 'shop_id'),
  },

  // ---- Infrastructure.
  email_outbox: {
    ...erased(
      "a copy of an e-mail: the ones to the customer's addresses, and the merchant's alerts quoting their reviews (by Message-ID), are deleted; the rest are deleted after 30 days",
      'to_address',
      'subject',
      'html',
      'text',
      'headers',
      'raw',
    ),
    ...merchant("the sender: the app's address or the merchant's", 'from_address'),
    ...none('derived from a request or review id', 'message_id'),
    ...none("the copy's id and date", 'id', 'created_at'),
  },
  jobs: {
    ...merchant("ids, and an alert's recipient: the merchant's address; a queued alert about the customer's review is deleted (it would mail what is left of it)", 'payload'),
    ...erased("a failure may quote a recipient's address: cleared when it quotes one of the customer's", 'last_error'),
    ...none('the queue', 'id', 'name', 'status', 'attempts', 'max_attempts', 'run_at', 'locked_at', 'locked_by', 'dedupe_key', 'created_at', 'finished_at'),
  },
  worker_heartbeats: none('worker processes', 'worker_id', 'role', 'started_at', 'last_seen_at'),
};
