CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_sender_domains" (
	"shopify_store_id" uuid PRIMARY KEY NOT NULL,
	"from_address" text NOT NULL,
	"domain" text NOT NULL,
	"selector" text NOT NULL,
	"dkim_private_key" text NOT NULL,
	"dkim_public_key" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_check" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_configurations" DROP CONSTRAINT "flow_configurations_trigger_check";--> statement-breakpoint
DROP INDEX "review_requests_order_flow";--> statement-breakpoint
DROP INDEX "review_requests_order_imported";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "raw" text;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "reminder_subject" text;--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "reminder_first_line" text;--> statement-breakpoint
ALTER TABLE "flow_configurations" ADD COLUMN "reminder_days" integer;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "kind" text DEFAULT 'first' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "reminder_of" uuid;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "postponed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "shown" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_sender_domains" ADD CONSTRAINT "store_sender_domains_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_shop_created_idx" ON "audit_log" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "shopify_review_requests_reminder_of_shopify_review_requests_id_fk" FOREIGN KEY ("reminder_of") REFERENCES "public"."shopify_review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_one_reminder" ON "shopify_review_requests" USING btree ("reminder_of") WHERE "shopify_review_requests"."reminder_of" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_order_flow" ON "shopify_review_requests" USING btree ("order_id","flow_id") WHERE "shopify_review_requests"."reminder_of" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_order_imported" ON "shopify_review_requests" USING btree ("order_id") WHERE "shopify_review_requests"."source" = 'import' AND "shopify_review_requests"."reminder_of" IS NULL;--> statement-breakpoint
ALTER TABLE "flow_configurations" ADD CONSTRAINT "flow_configurations_reminder_check" CHECK ("flow_configurations"."reminder_days" IS NULL OR "flow_configurations"."reminder_days" BETWEEN 1 AND 30);--> statement-breakpoint
ALTER TABLE "flow_configurations" ADD CONSTRAINT "flow_configurations_trigger_check" CHECK ("flow_configurations"."trigger_event" IN ('order_paid', 'order_fulfilled', 'order_delivered'));--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "review_requests_kind_check" CHECK ("shopify_review_requests"."kind" IN ('first', 'reminder') AND ("shopify_review_requests"."kind" = 'reminder') = ("shopify_review_requests"."reminder_of" IS NOT NULL));