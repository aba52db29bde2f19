CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"vendor_code" text NOT NULL,
	"vendor_shop_id" text,
	"auth_data_sealed" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"env" text DEFAULT 'production' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_account_vendor" ON "integrations" USING btree ("account_id","vendor_code");