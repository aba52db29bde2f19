CREATE TABLE "invoice_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"address" text NOT NULL,
	"seller_tax_id" text NOT NULL,
	"device_id" text NOT NULL,
	"edc_id" text NOT NULL,
	"platform_user" text NOT NULL,
	"password_sealed" text NOT NULL,
	"printer_sn" text NOT NULL,
	"printer_did" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"is_qc_invoice" boolean DEFAULT false NOT NULL,
	"is_qp_invoice" boolean DEFAULT false NOT NULL,
	"is_co_invoice" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"track" text NOT NULL,
	"start_no" integer NOT NULL,
	"end_no" integer NOT NULL,
	"next_no" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"number" text,
	"status" text NOT NULL,
	"platform" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"buyer_tax_id" text,
	"carrier" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_tax_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "invoice_settings" ADD CONSTRAINT "invoice_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_tracks" ADD CONSTRAINT "invoice_tracks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_tracks_range_unique" ON "invoice_tracks" USING btree ("track","start_no");--> statement-breakpoint
CREATE INDEX "invoice_tracks_account_idx" ON "invoice_tracks" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_unique" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id","id");