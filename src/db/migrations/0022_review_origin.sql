-- Where each review came from, and `is_published` made true (issue 45, decision 044): a review is
-- published when the storefront shows it, never because of its rating. Existing reviews take the
-- origin their request tells: the shared link's are `shared_link`; an answer to a request about an
-- order, or a review that kept its order after its request went, is `order`; anything else is
-- `no_order`, never claimed a verified purchase. Stores keep unverified reviews off the storefront
-- by default, so `is_published` becomes: not hidden, and an order's review. One pass over the table.
DROP INDEX "reviews_request_idx";--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "shopify_stores" ADD COLUMN "show_unverified_reviews" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "shopify_reviews" v SET "origin" = o."origin", "is_published" = (v."hidden_at" IS NULL AND o."origin" = 'order')
FROM (
  SELECT r2."id", CASE
           WHEN q."channel" = 'link' THEN 'shared_link'
           WHEN q."id" IS NOT NULL AND (q."order_id" IS NOT NULL OR q."shopify_order_id" IS NOT NULL) THEN 'order'
           WHEN q."id" IS NULL AND r2."shopify_order_id" IS NOT NULL THEN 'order'
           ELSE 'no_order'
         END AS "origin"
  FROM "shopify_reviews" r2 LEFT JOIN "shopify_review_requests" q ON q."id" = r2."review_request_id"
) o
WHERE o."id" = v."id";--> statement-breakpoint
ALTER TABLE "shopify_reviews" ALTER COLUMN "origin" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_request_created_idx" ON "shopify_reviews" USING btree ("review_request_id","created_at");--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD CONSTRAINT "reviews_origin_check" CHECK ("shopify_reviews"."origin" IN ('order', 'shared_link', 'no_order'));--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD CONSTRAINT "reviews_published_check" CHECK (NOT ("shopify_reviews"."is_published" AND "shopify_reviews"."hidden_at" IS NOT NULL) AND ("shopify_reviews"."origin" <> 'order' OR "shopify_reviews"."is_published" = ("shopify_reviews"."hidden_at" IS NULL)));--> statement-breakpoint
-- Each connected store's storefront is written again under the new rule (unverified reviews off, each
-- review marked verified or not): one publish-storefront job per store, as schedulePublish enqueues it.
INSERT INTO "jobs" ("name", "payload", "max_attempts", "dedupe_key")
SELECT 'publish-storefront', jsonb_build_object('storeId', "id"::text), 8, 'publish-storefront:' || "id"::text || ':review-origin'
FROM "shopify_stores" WHERE "is_active" AND "access_token" IS NOT NULL
ON CONFLICT ("dedupe_key") DO NOTHING;
