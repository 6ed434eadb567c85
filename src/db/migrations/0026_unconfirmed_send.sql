DROP INDEX "review_requests_unconfirmed_idx";--> statement-breakpoint
ALTER TABLE "shopify_review_requests" ADD COLUMN "unconfirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "review_requests_unconfirmed_idx" ON "shopify_review_requests" USING btree ("shop_id","sent_at" DESC NULLS LAST) WHERE "shopify_review_requests"."status" = 'sent' AND "shopify_review_requests"."unconfirmed";--> statement-breakpoint
-- Sends counted without proof before this migration were known only by their note in last_error
-- (decision 051): both spellings it had, the first with plain spaces and a straight apostrophe,
-- the later one (decision 026) with narrow no-break spaces and a typographic apostrophe. The state
-- is the column from now on; the words are the catalogues'.
UPDATE "shopify_review_requests" SET "unconfirmed" = true, "last_error" = NULL
WHERE "last_error" IN (
  'Envoi non confirmé : la transmission a été interrompue ; l''e-mail n''a pas été renvoyé pour éviter un doublon',
  U&'Envoi non confirmé\202F: la transmission a été interrompue\202F; l\2019e-mail n\2019a pas été renvoyé pour éviter un doublon'
);
