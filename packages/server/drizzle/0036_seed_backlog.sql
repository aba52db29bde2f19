CREATE TABLE "seed_backlog" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"first_serial" integer NOT NULL,
	"count" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"before" timestamp with time zone NOT NULL,
	"seeded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seed_backlog" ADD CONSTRAINT "seed_backlog_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;