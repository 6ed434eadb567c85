CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD COLUMN "logo_email_url" text;--> statement-breakpoint
ALTER TABLE "store_branding" ADD COLUMN "logo_email_url" text;--> statement-breakpoint
-- Before the one-active rule: a store with several active templates keeps the one the sender used (default first, then the newest).
UPDATE "email_templates" t SET "is_active" = false WHERE t."is_active" AND t."id" <> (SELECT k."id" FROM "email_templates" k WHERE k."shopify_store_id" = t."shopify_store_id" AND k."template_type" = t."template_type" AND k."is_active" ORDER BY k."is_default" DESC, k."updated_at" DESC LIMIT 1);--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_one_active" ON "email_templates" USING btree ("shopify_store_id","template_type") WHERE "email_templates"."is_active";