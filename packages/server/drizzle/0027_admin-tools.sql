CREATE TABLE "printer_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"master" text NOT NULL,
	"options" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_tag_managers" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"gtm_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_tag_managers" ADD CONSTRAINT "shop_tag_managers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;