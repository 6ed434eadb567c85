CREATE TABLE "email_send_ledger" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"message_id" text NOT NULL,
	"state" text NOT NULL,
	"worker_id" text NOT NULL,
	"month_period_start" timestamp with time zone,
	"day_start" timestamp with time zone NOT NULL,
	"reserved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transmitting_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "email_send_ledger_state_check" CHECK ("email_send_ledger"."state" IN ('reserved', 'transmitting', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "source" text DEFAULT 'flow' NOT NULL;--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "failure_kind" text;--> statement-breakpoint
ALTER TABLE "email_send_ledger" ADD CONSTRAINT "email_send_ledger_request_id_shopify_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shopify_review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_send_ledger" ADD CONSTRAINT "email_send_ledger_shop_id_shopify_stores_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shopify_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_send_ledger_open_idx" ON "email_send_ledger" USING btree ("state","reserved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_order_imported" ON "shopify_review_requests" USING btree ("order_id") WHERE "shopify_review_requests"."source" = 'import';--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "review_requests_source_check" CHECK ("shopify_review_requests"."source" IN ('flow', 'import', 'manual'));--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD CONSTRAINT "review_requests_failure_kind_check" CHECK ("shopify_review_requests"."failure_kind" IS NULL OR "shopify_review_requests"."failure_kind" IN ('temporary', 'permanent'));