CREATE TABLE "merchant_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_store_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"recipient" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_alerts_review_id_unique" UNIQUE("review_id"),
	CONSTRAINT "merchant_alerts_status_check" CHECK ("merchant_alerts"."status" IN ('sent', 'held', 'digested'))
);
--> statement-breakpoint
CREATE TABLE "notification_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shopify_store_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"link_sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_alerts" ADD CONSTRAINT "merchant_alerts_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_alerts" ADD CONSTRAINT "merchant_alerts_review_id_shopify_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."shopify_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_recipients" ADD CONSTRAINT "notification_recipients_shopify_store_id_shopify_stores_id_fk" FOREIGN KEY ("shopify_store_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_alerts_store_hour_idx" ON "merchant_alerts" USING btree ("shopify_store_id","hour");--> statement-breakpoint
CREATE INDEX "merchant_alerts_recipient_hour_idx" ON "merchant_alerts" USING btree ("recipient","hour");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipients_store_email" ON "notification_recipients" USING btree ("shopify_store_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_recipients_token" ON "notification_recipients" USING btree ("token_hash");