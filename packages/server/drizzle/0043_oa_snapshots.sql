CREATE TABLE "line_oa_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"settings" jsonb NOT NULL,
	"saved_by_user_id" integer,
	"saved_by_name" text DEFAULT '' NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_oa_snapshots" ADD CONSTRAINT "line_oa_snapshots_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_oa_snapshots_account_idx" ON "line_oa_snapshots" USING btree ("account_id","saved_at");--> statement-breakpoint
INSERT INTO "line_oa_snapshots" ("account_id", "settings", "saved_at") SELECT "account_id", "saved_settings", COALESCE("saved_at", now()) FROM "line_channels" WHERE "saved_settings" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "line_channels" DROP COLUMN "saved_settings";