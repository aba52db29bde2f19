CREATE TABLE "line_followers" (
	"account_id" integer NOT NULL,
	"line_user_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unfollowed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "line_followers" ADD CONSTRAINT "line_followers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "line_followers_account_user_idx" ON "line_followers" USING btree ("account_id","line_user_id");