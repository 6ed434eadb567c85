ALTER TABLE "email_templates" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_customization" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
-- The texts saved so far were written in the store's default language (decision 056).
UPDATE "email_templates" t SET "language" = s."default_customer_language" FROM "shopify_stores" s WHERE s."id" = t."shop_id";--> statement-breakpoint
UPDATE "store_customization" c SET "language" = s."default_customer_language" FROM "shopify_stores" s WHERE s."id" = c."shop_id";--> statement-breakpoint
DROP INDEX "email_templates_one_active";--> statement-breakpoint
ALTER TABLE "store_customization" DROP CONSTRAINT "store_customization_pkey";--> statement-breakpoint
ALTER TABLE "store_customization" ADD CONSTRAINT "store_customization_shop_id_language_pk" PRIMARY KEY("shop_id","language");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_one_active" ON "email_templates" USING btree ("shop_id","template_type","language") WHERE "email_templates"."is_active";--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_language_check" CHECK ("email_templates"."language" IN ('fr', 'en', 'de', 'es', 'it', 'nl'));--> statement-breakpoint
ALTER TABLE "store_customization" ADD CONSTRAINT "store_customization_language_check" CHECK ("store_customization"."language" IN ('fr', 'en', 'de', 'es', 'it', 'nl'));
