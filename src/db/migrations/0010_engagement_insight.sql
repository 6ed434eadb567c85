CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "insight_request_days" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"visited" integer DEFAULT 0 NOT NULL,
	"reviewed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_request_days_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_review_days" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"rating" integer NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"offered" integer DEFAULT 0 NOT NULL,
	"followed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_review_days_shop_id_day_rating_pk" PRIMARY KEY("shop_id","day","rating")
);
--> statement-breakpoint
DROP INDEX "reviews_shop_created_idx";--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "visited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "order_number" text;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "public_review_url" text;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "public_link_followed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_reviews" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(coalesce(customer_name, '') || chr(31) || coalesce(customer_email, '') || chr(31) || coalesce(order_number, '')), 'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźżÀÁÂÃÄÅĀÇĆČÈÉÊËĒĖĘÌÍÎÏĪÑŃÒÓÔÕÖØŌÙÚÛÜŪÝŸŽŹŻ', 'aaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzzaaaaaaaccceeeeeeeiiiiinnooooooouuuuuyyzzz')) STORED;--> statement-breakpoint
ALTER TABLE "insight_request_days" ADD CONSTRAINT "insight_request_days_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_review_days" ADD CONSTRAINT "insight_review_days_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_requests_unconfirmed_idx" ON "shopify_review_requests" USING btree ("shop_id","sent_at" DESC NULLS LAST) WHERE "shopify_review_requests"."status" = 'sent' AND "shopify_review_requests"."last_error" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reviews_search_trgm_idx" ON "shopify_reviews" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reviews_shop_created_idx" ON "shopify_reviews" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Existing reviews get their order's number (the search reads it from the review).
UPDATE "shopify_reviews" v SET "order_number" = o."order_number"
  FROM "shopify_review_requests" r JOIN "shopify_orders" o ON o."id" = r."order_id"
  WHERE r."id" = v."review_request_id" AND v."order_number" IS NULL;--> statement-breakpoint
-- Decision 014: day-by-day figures kept exact by statement-level triggers (transition tables, so a
-- batch of a thousand rows costs one upsert per store and day). What one row contributes is written
-- once per table, as a function of the row, used by the backfill and by the triggers.
CREATE FUNCTION "insight_request_row"(r "shopify_review_requests")
RETURNS TABLE ("shop_id" uuid, "day" date, "sent" int, "opened" int, "visited" int, "reviewed" int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT r.shop_id, (r.sent_at AT TIME ZONE 'UTC')::date, 1,
         (r.opened_at IS NOT NULL OR r.visited_at IS NOT NULL)::int, (r.visited_at IS NOT NULL)::int, (r.status = 'completed')::int
  WHERE r.sent_at IS NOT NULL AND r.status IN ('sent', 'delivered', 'opened', 'completed')
$$;--> statement-breakpoint
CREATE FUNCTION "insight_review_row"(v "shopify_reviews")
RETURNS TABLE ("shop_id" uuid, "day" date, "rating" int, "reviews" int, "offered" int, "followed" int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.shop_id, (v.created_at AT TIME ZONE 'UTC')::date, v.rating, 1, (v.public_review_url IS NOT NULL)::int, (v.public_link_followed_at IS NOT NULL)::int
$$;--> statement-breakpoint
INSERT INTO "insight_request_days"
  SELECT c.shop_id, c.day, sum(c.sent), sum(c.opened), sum(c.visited), sum(c.reviewed)
  FROM "shopify_review_requests" r, LATERAL "insight_request_row"(r) c GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "insight_review_days"
  SELECT c.shop_id, c.day, c.rating, sum(c.reviews), sum(c.offered), sum(c.followed)
  FROM "shopify_reviews" v, LATERAL "insight_review_row"(v) c GROUP BY 1, 2, 3;--> statement-breakpoint
-- Inserts add what the new rows contribute, updates the difference (new rows minus old ones), in
-- key order so that two transactions never lock the same figures in opposite orders. Deletes only
-- subtract from figures that exist: a deleted store's figures are already gone (ON DELETE CASCADE).
CREATE FUNCTION "insight_requests_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_request_days AS t (shop_id, day, sent, opened, visited, reviewed)
      SELECT d.shop_id, d.day, sum(d.sent), sum(d.opened), sum(d.visited), sum(d.reviewed) FROM (SELECT c.* FROM new_rows n, LATERAL insight_request_row(n) c) d
      GROUP BY d.shop_id, d.day HAVING sum(d.sent) <> 0 OR sum(d.opened) <> 0 OR sum(d.visited) <> 0 OR sum(d.reviewed) <> 0 ORDER BY d.shop_id, d.day
    ON CONFLICT (shop_id, day) DO UPDATE SET sent = t.sent + excluded.sent, opened = t.opened + excluded.opened, visited = t.visited + excluded.visited, reviewed = t.reviewed + excluded.reviewed;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO insight_request_days AS t (shop_id, day, sent, opened, visited, reviewed)
      SELECT d.shop_id, d.day, sum(d.sent), sum(d.opened), sum(d.visited), sum(d.reviewed) FROM (SELECT c.* FROM new_rows n, LATERAL insight_request_row(n) c UNION ALL SELECT c.shop_id, c.day, -c.sent, -c.opened, -c.visited, -c.reviewed FROM old_rows o, LATERAL insight_request_row(o) c) d
      GROUP BY d.shop_id, d.day HAVING sum(d.sent) <> 0 OR sum(d.opened) <> 0 OR sum(d.visited) <> 0 OR sum(d.reviewed) <> 0 ORDER BY d.shop_id, d.day
    ON CONFLICT (shop_id, day) DO UPDATE SET sent = t.sent + excluded.sent, opened = t.opened + excluded.opened, visited = t.visited + excluded.visited, reviewed = t.reviewed + excluded.reviewed;
  ELSE
    UPDATE insight_request_days t SET sent = t.sent - d.sent, opened = t.opened - d.opened, visited = t.visited - d.visited, reviewed = t.reviewed - d.reviewed
      FROM (SELECT c.shop_id, c.day, sum(c.sent) AS sent, sum(c.opened) AS opened, sum(c.visited) AS visited, sum(c.reviewed) AS reviewed FROM old_rows o, LATERAL insight_request_row(o) c GROUP BY c.shop_id, c.day) d
      WHERE t.shop_id = d.shop_id AND t.day = d.day;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "insight_reviews_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_review_days AS t (shop_id, day, rating, reviews, offered, followed)
      SELECT d.shop_id, d.day, d.rating, sum(d.reviews), sum(d.offered), sum(d.followed) FROM (SELECT c.* FROM new_rows n, LATERAL insight_review_row(n) c) d
      GROUP BY d.shop_id, d.day, d.rating HAVING sum(d.reviews) <> 0 OR sum(d.offered) <> 0 OR sum(d.followed) <> 0 ORDER BY d.shop_id, d.day, d.rating
    ON CONFLICT (shop_id, day, rating) DO UPDATE SET reviews = t.reviews + excluded.reviews, offered = t.offered + excluded.offered, followed = t.followed + excluded.followed;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO insight_review_days AS t (shop_id, day, rating, reviews, offered, followed)
      SELECT d.shop_id, d.day, d.rating, sum(d.reviews), sum(d.offered), sum(d.followed) FROM (SELECT c.* FROM new_rows n, LATERAL insight_review_row(n) c UNION ALL SELECT c.shop_id, c.day, c.rating, -c.reviews, -c.offered, -c.followed FROM old_rows o, LATERAL insight_review_row(o) c) d
      GROUP BY d.shop_id, d.day, d.rating HAVING sum(d.reviews) <> 0 OR sum(d.offered) <> 0 OR sum(d.followed) <> 0 ORDER BY d.shop_id, d.day, d.rating
    ON CONFLICT (shop_id, day, rating) DO UPDATE SET reviews = t.reviews + excluded.reviews, offered = t.offered + excluded.offered, followed = t.followed + excluded.followed;
  ELSE
    UPDATE insight_review_days t SET reviews = t.reviews - d.reviews, offered = t.offered - d.offered, followed = t.followed - d.followed
      FROM (SELECT c.shop_id, c.day, c.rating, sum(c.reviews) AS reviews, sum(c.offered) AS offered, sum(c.followed) AS followed FROM old_rows o, LATERAL insight_review_row(o) c GROUP BY c.shop_id, c.day, c.rating) d
      WHERE t.shop_id = d.shop_id AND t.day = d.day AND t.rating = d.rating;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "insight_requests_inserted" AFTER INSERT ON "shopify_review_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_requests_changed"();--> statement-breakpoint
CREATE TRIGGER "insight_requests_updated" AFTER UPDATE ON "shopify_review_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_requests_changed"();--> statement-breakpoint
CREATE TRIGGER "insight_requests_deleted" AFTER DELETE ON "shopify_review_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_requests_changed"();--> statement-breakpoint
CREATE TRIGGER "insight_reviews_inserted" AFTER INSERT ON "shopify_reviews" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_reviews_changed"();--> statement-breakpoint
CREATE TRIGGER "insight_reviews_updated" AFTER UPDATE ON "shopify_reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_reviews_changed"();--> statement-breakpoint
CREATE TRIGGER "insight_reviews_deleted" AFTER DELETE ON "shopify_reviews" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "insight_reviews_changed"();
