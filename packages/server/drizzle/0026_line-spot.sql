CREATE TABLE "line_spot_entries" (
	"account_id" integer NOT NULL,
	"si" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_by" integer,
	CONSTRAINT "line_spot_entries_account_id_si_pk" PRIMARY KEY("account_id","si")
);
--> statement-breakpoint
ALTER TABLE "line_spot_entries" ADD CONSTRAINT "line_spot_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_spot_entries" ADD CONSTRAINT "line_spot_entries_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;