CREATE TABLE "store_absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"away_from" timestamp with time zone NOT NULL,
	"back_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_absences_reason_check" CHECK ("store_absences"."reason" IN ('disconnected', 'uninstalled')),
	CONSTRAINT "store_absences_window_check" CHECK ("store_absences"."away_from" <= "store_absences"."back_at")
);
--> statement-breakpoint
ALTER TABLE "shopify_review_requests" DROP CONSTRAINT "review_requests_withdrawn_check";--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "billing_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "away_reason" text;--> statement-breakpoint
ALTER TABLE "store_absences" ADD CONSTRAINT "store_absences_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_absences_shop_idx" ON "store_absences" USING btree ("shop_id","back_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "review_requests_withdrawn_check" CHECK ("shopify_review_requests"."withdrawn_reason" IS NULL OR "shopify_review_requests"."withdrawn_reason" IN ('better_moment', 'already_asked', 'reviewed', 'newer_order', 'customer_asked', 'app_uninstalled', 'order_cancelled', 'order_refunded', 'unsubscribed', 'flow_stopped'));--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD CONSTRAINT "shopify_stores_away_reason_check" CHECK ("shopify_stores"."away_reason" IS NULL OR "shopify_stores"."away_reason" IN ('disconnected', 'uninstalled'));--> statement-breakpoint
-- Stores already away when this runs: an uninstall recorded its end of billing ('cancelled'); any
-- other inactive store was disconnected here (decision 045).
UPDATE "shopify_stores" SET "away_reason" = CASE WHEN "subscription_status" = 'cancelled' THEN 'uninstalled' ELSE 'disconnected' END WHERE NOT "is_active";
