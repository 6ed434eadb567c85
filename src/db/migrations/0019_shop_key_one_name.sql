-- One name for the store key (decision 032): the nine tables that called it shopify_store_id call it
-- shop_id like the others. Renames keep the rows; the indexes follow the column. The constraints
-- whose generated names embed the column are renamed too (drizzle-kit would drop and re-add them),
-- so the database names match the snapshot.
ALTER TABLE "email_templates" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "flow_configurations" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "merchant_alerts" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "notification_recipients" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "rating_actions" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "store_branding" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "store_customization" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "store_email_config" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "store_sender_domains" RENAME COLUMN "shopify_store_id" TO "shop_id";--> statement-breakpoint
ALTER TABLE "email_templates" RENAME CONSTRAINT "email_templates_shopify_store_id_shopify_stores_id_fk" TO "email_templates_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "flow_configurations" RENAME CONSTRAINT "flow_configurations_shopify_store_id_shopify_stores_id_fk" TO "flow_configurations_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "merchant_alerts" RENAME CONSTRAINT "merchant_alerts_shopify_store_id_shopify_stores_id_fk" TO "merchant_alerts_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "notification_recipients" RENAME CONSTRAINT "notification_recipients_shopify_store_id_shopify_stores_id_fk" TO "notification_recipients_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "rating_actions" RENAME CONSTRAINT "rating_actions_shopify_store_id_shopify_stores_id_fk" TO "rating_actions_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "store_branding" RENAME CONSTRAINT "store_branding_shopify_store_id_shopify_stores_id_fk" TO "store_branding_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "store_customization" RENAME CONSTRAINT "store_customization_shopify_store_id_shopify_stores_id_fk" TO "store_customization_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "store_email_config" RENAME CONSTRAINT "store_email_config_shopify_store_id_shopify_stores_id_fk" TO "store_email_config_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "store_sender_domains" RENAME CONSTRAINT "store_sender_domains_shopify_store_id_shopify_stores_id_fk" TO "store_sender_domains_shop_id_shopify_stores_id_fk";--> statement-breakpoint
ALTER TABLE "store_email_config" RENAME CONSTRAINT "store_email_config_shopify_store_id_unique" TO "store_email_config_shop_id_unique";