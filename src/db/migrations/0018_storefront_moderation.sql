ALTER TABLE "shopify_reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD CONSTRAINT "reviews_hidden_reason_check" CHECK ("shopify_reviews"."hidden_reason" IS NULL OR "shopify_reviews"."hidden_reason" IN ('insult', 'personal_data', 'off_topic', 'not_customer'));--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD CONSTRAINT "reviews_hidden_check" CHECK (("shopify_reviews"."hidden_at" IS NULL) = ("shopify_reviews"."hidden_reason" IS NULL));