CREATE TABLE "spreadsheet_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_qrcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"table_number" text NOT NULL,
	"qr_type" text NOT NULL,
	"web_version" smallint DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "table_qrcodes_web_version_check" CHECK ("table_qrcodes"."web_version" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "spreadsheet_uploads" ADD CONSTRAINT "spreadsheet_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_qrcodes" ADD CONSTRAINT "table_qrcodes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spreadsheet_uploads_created_idx" ON "spreadsheet_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "table_qrcodes_account_type_table_unique" ON "table_qrcodes" USING btree ("account_id","qr_type","table_number");