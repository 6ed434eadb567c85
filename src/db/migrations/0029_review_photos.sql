CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"review_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"thumb_width" integer NOT NULL,
	"thumb_height" integer NOT NULL,
	"size" integer NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photos_position_check" CHECK ("review_photos"."position" BETWEEN 1 AND 3),
	CONSTRAINT "review_photos_hidden_reason_check" CHECK ("review_photos"."hidden_reason" IS NULL OR "review_photos"."hidden_reason" IN ('insult', 'personal_data', 'off_topic', 'not_customer')),
	CONSTRAINT "review_photos_hidden_check" CHECK (("review_photos"."hidden_at" IS NULL) = ("review_photos"."hidden_reason" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "photo_upload_hash" text;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "photo_upload_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_shopify_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."shopify_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_position_idx" ON "review_photos" USING btree ("review_id","position");--> statement-breakpoint
CREATE INDEX "review_photos_shop_idx" ON "review_photos" USING btree ("shop_id","created_at");