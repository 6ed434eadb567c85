ALTER TABLE "shopify_stores" ADD COLUMN "shopify_subscription_id" text;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "subscription_updated_at" timestamp with time zone;