ALTER TABLE "shopify_review_requests" DROP CONSTRAINT "review_requests_withdrawn_check";--> statement-breakpoint
ALTER TABLE "store_email_config" ADD COLUMN "customer_ask_window_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "review_requests_withdrawn_check" CHECK ("shopify_review_requests"."withdrawn_reason" IS NULL OR "shopify_review_requests"."withdrawn_reason" IN ('better_moment', 'already_asked', 'reviewed', 'newer_order', 'customer_asked'));--> statement-breakpoint
ALTER TABLE "store_email_config" ADD CONSTRAINT "store_email_config_customer_window_check" CHECK ("store_email_config"."customer_ask_window_days" BETWEEN 0 AND 365);--> statement-breakpoint
-- The dashboard counts asks, not e-mails (decision 024): what the customer did with a reminder is
-- what became of its first e-mail. Existing reminders pass their open, visit and review on to their
-- first e-mail, then only first e-mails count in the day-by-day figures, rebuilt from the rows.
UPDATE "shopify_review_requests" f SET
  "opened_at" = coalesce(f."opened_at", m."opened_at", m."visited_at"),
  "visited_at" = coalesce(f."visited_at", m."visited_at"),
  "status" = CASE WHEN m."status" = 'completed' THEN 'completed' WHEN f."status" IN ('sent', 'delivered') THEN 'opened' ELSE f."status" END,
  "updated_at" = now()
FROM "shopify_review_requests" m
WHERE m."reminder_of" = f."id" AND f."status" IN ('sent', 'delivered', 'opened', 'completed')
  AND (m."opened_at" IS NOT NULL OR m."visited_at" IS NOT NULL OR m."status" = 'completed');--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insight_request_row"(r "shopify_review_requests")
RETURNS TABLE ("shop_id" uuid, "day" date, "sent" int, "opened" int, "visited" int, "reviewed" int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT r.shop_id, (r.sent_at AT TIME ZONE 'UTC')::date, 1,
         (r.opened_at IS NOT NULL OR r.visited_at IS NOT NULL)::int, (r.visited_at IS NOT NULL)::int, (r.status = 'completed')::int
  WHERE r.sent_at IS NOT NULL AND r.status IN ('sent', 'delivered', 'opened', 'completed') AND r.reminder_of IS NULL
$$;--> statement-breakpoint
DELETE FROM "insight_request_days";--> statement-breakpoint
INSERT INTO "insight_request_days"
  SELECT c.shop_id, c.day, sum(c.sent), sum(c.opened), sum(c.visited), sum(c.reviewed)
  FROM "shopify_review_requests" r, LATERAL "insight_request_row"(r) c GROUP BY 1, 2;
