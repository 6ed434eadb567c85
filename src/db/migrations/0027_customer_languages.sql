ALTER TABLE "shopify_orders" ADD COLUMN "customer_locale" text;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "locale" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "default_customer_language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "customer_languages" text[] DEFAULT ARRAY['fr', 'en', 'de', 'es', 'it', 'nl']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD CONSTRAINT "shopify_stores_default_customer_language_check" CHECK ("shopify_stores"."default_customer_language" IN ('fr', 'en', 'de', 'es', 'it', 'nl'));--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD CONSTRAINT "shopify_stores_customer_languages_check" CHECK ("shopify_stores"."customer_languages" <@ ARRAY['fr', 'en', 'de', 'es', 'it', 'nl']::text[]);