CREATE TABLE "billing_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"subscription_id" text NOT NULL,
	"kind" text NOT NULL,
	"requested_plan" text NOT NULL,
	"kept_plan" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "billing_notices_kind_check" CHECK ("billing_notices"."kind" IN ('declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "billing_read_ticket" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "billing_applied_ticket" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "billing_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_notices" ADD CONSTRAINT "billing_notices_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_notices_shop_subscription" ON "billing_notices" USING btree ("shop_id","subscription_id");--> statement-breakpoint
ALTER TABLE "shopify_stores" DROP COLUMN "subscription_updated_at";