CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text,
	"text" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"email" text NOT NULL,
	"reason" text DEFAULT 'unsubscribe' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"template_type" text DEFAULT 'review_request' NOT NULL,
	"subject" text NOT NULL,
	"from_name" text,
	"logo_url" text,
	"body_content" text,
	"button_text" text DEFAULT 'Laisser un avis' NOT NULL,
	"button_url_template" text DEFAULT '{{review_link}}' NOT NULL,
	"button_color" text DEFAULT '#10b981' NOT NULL,
	"footer_text" text,
	"html_content" text,
	"text_content" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"variables" jsonb DEFAULT '["customer_name","store_name","order_number","review_link"]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_type_check" CHECK ("email_templates"."template_type" IN ('review_request'))
);
--> statement-breakpoint
CREATE TABLE "flow_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_store_id" uuid NOT NULL,
	"name" text DEFAULT 'Nouveau flux' NOT NULL,
	"trigger_event" text DEFAULT 'order_fulfilled' NOT NULL,
	"delay_days" integer DEFAULT 3 NOT NULL,
	"channels" jsonb DEFAULT '{"email":true,"whatsapp":false}'::jsonb NOT NULL,
	"target_all_orders" boolean DEFAULT true NOT NULL,
	"minimum_order_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flow_configurations_name_check" CHECK (length(trim("flow_configurations"."name")) > 0),
	CONSTRAINT "flow_configurations_trigger_check" CHECK ("flow_configurations"."trigger_event" IN ('order_paid', 'order_fulfilled')),
	CONSTRAINT "flow_configurations_delay_check" CHECK ("flow_configurations"."delay_days" >= 0),
	CONSTRAINT "flow_configurations_minimum_check" CHECK ("flow_configurations"."minimum_order_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" IN ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "jobs_attempts_check" CHECK ("jobs"."attempts" >= 0 AND "jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_token" text NOT NULL,
	"user_id" text,
	"provider" text DEFAULT 'shopify' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_states_state_token_unique" UNIQUE("state_token")
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "rating_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_store_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"action_type" text DEFAULT 'none' NOT NULL,
	"redirect_url" text,
	"notification_email" text,
	"feedback_message" text,
	CONSTRAINT "rating_actions_rating_check" CHECK ("rating_actions"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "rating_actions_type_check" CHECK ("rating_actions"."action_type" IN ('redirect', 'collect_feedback', 'notify_email', 'none'))
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "shop_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_domain" text NOT NULL,
	"plan" text NOT NULL,
	"emails_quota" integer,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_plans_shop_domain_unique" UNIQUE("shop_domain"),
	CONSTRAINT "shop_plans_period_check" CHECK ("shop_plans"."period_end" > "shop_plans"."period_start")
);
--> statement-breakpoint
CREATE TABLE "shop_usage" (
	"shop_domain" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"metric" text DEFAULT 'emails_sent' NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shop_usage_shop_domain_period_start_metric_pk" PRIMARY KEY("shop_domain","period_start","metric"),
	CONSTRAINT "shop_usage_value_check" CHECK ("shop_usage"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shopify_installation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installation_token" text NOT NULL,
	"shop_domain" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"user_id" text,
	"selected_plan_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_installation_tokens_installation_token_unique" UNIQUE("installation_token")
);
--> statement-breakpoint
CREATE TABLE "shopify_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"shopify_order_id" text NOT NULL,
	"order_number" text,
	"customer_email" text,
	"customer_name" text,
	"total_price" numeric(12, 2),
	"currency" text,
	"financial_status" text,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"order_created_at" timestamp with time zone,
	"order_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"shopify_order_id" text,
	"order_id" uuid,
	"flow_id" uuid,
	"customer_email" text,
	"customer_name" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_review_requests_token_unique" UNIQUE("token"),
	CONSTRAINT "review_requests_status_check" CHECK ("shopify_review_requests"."status" IN ('scheduled', 'sent', 'failed', 'cancelled', 'delivered', 'opened', 'completed', 'processing', 'pending')),
	CONSTRAINT "review_requests_channel_check" CHECK ("shopify_review_requests"."channel" IN ('email', 'link'))
);
--> statement-breakpoint
CREATE TABLE "shopify_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"shop_id" uuid NOT NULL,
	"review_request_id" uuid,
	"shopify_order_id" text,
	"customer_email" text,
	"customer_name" text,
	"rating" integer NOT NULL,
	"comment" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"action_taken" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("shopify_reviews"."rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "shopify_stores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"shop_name" text,
	"shop_domain" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uninstalled_at" timestamp with time zone,
	"subscription_status" text DEFAULT 'inactive' NOT NULL,
	"same_path_for_all_ratings" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_stores_domain_check" CHECK ("shopify_stores"."shop_domain" ~ '^[a-z0-9][a-z0-9_-]*\.myshopify\.com$'),
	CONSTRAINT "shopify_stores_subscription_status_check" CHECK ("shopify_stores"."subscription_status" IN ('inactive', 'pending', 'active', 'declined', 'expired', 'frozen', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shopify_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid,
	"shop_domain" text NOT NULL,
	"topic" text NOT NULL,
	"shopify_id" text NOT NULL,
	"processed" boolean DEFAULT false NOT NULL,
	"error" text,
	"payload" jsonb,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_webhook_events_shopify_id_unique" UNIQUE("shopify_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"topic" text NOT NULL,
	"address" text NOT NULL,
	"webhook_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_branding" (
	"shopify_store_id" uuid PRIMARY KEY NOT NULL,
	"logo_url" text,
	"button_text_color" text DEFAULT '#FFFFFF' NOT NULL,
	"button_bg_color" text DEFAULT '#56dadc' NOT NULL,
	"primary_color" text DEFAULT '#56dadc' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_customization" (
	"shopify_store_id" uuid PRIMARY KEY NOT NULL,
	"page_title" text,
	"page_description" text,
	"thank_you_message" text,
	"positive_feedback_message" text,
	"negative_feedback_message" text,
	"email_greeting" text,
	"email_closing" text,
	"button_text" text DEFAULT 'SUIVANT' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_email_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_store_id" uuid NOT NULL,
	"owner_notification_email" text,
	"unsubscribe_enabled" boolean DEFAULT true NOT NULL,
	"daily_send_limit" integer DEFAULT 1000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_email_config_shopify_store_id_unique" UNIQUE("shopify_store_id"),
	CONSTRAINT "store_email_config_daily_limit_check" CHECK ("store_email_config"."daily_send_limit" BETWEEN 1 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_amount" numeric(10, 2) NOT NULL,
	"price_currency" text DEFAULT 'USD' NOT NULL,
	"email_quota" integer,
	"is_unlimited" boolean DEFAULT false NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_code_unique" UNIQUE("code"),
	CONSTRAINT "subscription_plans_price_check" CHECK ("subscription_plans"."price_amount" >= 0),
	CONSTRAINT "subscription_plans_currency_check" CHECK ("subscription_plans"."price_currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "subscription_plans_quota_check" CHECK (("subscription_plans"."is_unlimited" AND "subscription_plans"."email_quota" IS NULL) OR (NOT "subscription_plans"."is_unlimited" AND "subscription_plans"."email_quota" >= 0))
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"company_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_configurations" ADD CONSTRAINT "flow_configurations_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_actions" ADD CONSTRAINT "rating_actions_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_installation_tokens" ADD CONSTRAINT "shopify_installation_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_installation_tokens" ADD CONSTRAINT "shopify_installation_tokens_selected_plan_id_subscription_plans_id_fk" FOREIGN KEY ("selected_plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD CONSTRAINT "shopify_orders_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD CONSTRAINT "shopify_orders_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "shopify_review_requests_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "shopify_review_requests_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "shopify_review_requests_order_id_shopify_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shopify_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "shopify_review_requests_flow_id_flow_configurations_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flow_configurations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD CONSTRAINT "shopify_reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD CONSTRAINT "shopify_reviews_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD CONSTRAINT "shopify_reviews_review_request_id_shopify_review_requests_id_fk" FOREIGN KEY ("review_request_id") REFERENCES "public"."shopify_review_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD CONSTRAINT "shopify_stores_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_webhook_events" ADD CONSTRAINT "shopify_webhook_events_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_webhooks" ADD CONSTRAINT "shopify_webhooks_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_branding" ADD CONSTRAINT "store_branding_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_customization" ADD CONSTRAINT "store_customization_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_email_config" ADD CONSTRAINT "store_email_config_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_to_idx" ON "email_outbox" USING btree ("to_address");--> statement-breakpoint
CREATE UNIQUE INDEX "email_suppressions_shop_email" ON "email_suppressions" USING btree ("shop_id","email");--> statement-breakpoint
CREATE INDEX "email_templates_store_idx" ON "email_templates" USING btree ("shopify_store_id","template_type");--> statement-breakpoint
CREATE INDEX "flow_configurations_store_idx" ON "flow_configurations" USING btree ("shopify_store_id");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "oauth_states_expires_idx" ON "oauth_states" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rating_actions_store_rating" ON "rating_actions" USING btree ("shopify_store_id","rating");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_orders_shop_order" ON "shopify_orders" USING btree ("shop_id","shopify_order_id");--> statement-breakpoint
CREATE INDEX "shopify_orders_shop_created_idx" ON "shopify_orders" USING btree ("shop_id","order_created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shopify_orders_customer_idx" ON "shopify_orders" USING btree ("shop_id","customer_email");--> statement-breakpoint
CREATE INDEX "review_requests_shop_scheduled_idx" ON "shopify_review_requests" USING btree ("shop_id","scheduled_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "review_requests_due_idx" ON "shopify_review_requests" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_order_flow" ON "shopify_review_requests" USING btree ("order_id","flow_id");--> statement-breakpoint
CREATE INDEX "reviews_shop_created_idx" ON "shopify_reviews" USING btree ("shop_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_request_idx" ON "shopify_reviews" USING btree ("review_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_stores_one_active_per_user" ON "shopify_stores" USING btree ("user_id") WHERE "shopify_stores"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_stores_one_active_per_domain" ON "shopify_stores" USING btree ("shop_domain") WHERE "shopify_stores"."is_active";--> statement-breakpoint
CREATE INDEX "shopify_stores_domain_idx" ON "shopify_stores" USING btree ("shop_domain");--> statement-breakpoint
CREATE INDEX "shopify_webhook_events_shop_created_idx" ON "shopify_webhook_events" USING btree ("shop_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_webhooks_shop_topic" ON "shopify_webhooks" USING btree ("shop_id","topic");--> statement-breakpoint
CREATE INDEX "subscription_plans_active_sort_idx" ON "subscription_plans" USING btree ("is_active","sort_order");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");