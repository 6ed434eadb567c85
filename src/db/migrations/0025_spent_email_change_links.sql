CREATE TABLE "spent_email_change_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
