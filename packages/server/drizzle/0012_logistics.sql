CREATE TABLE "deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"vendor_order_id" text,
	"quotation_id" text,
	"vendor_status" text,
	"price_total" text,
	"driver" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"polygons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_distance_in_meter" integer,
	"max_distance_in_meter" integer,
	"delivery_charge" integer DEFAULT 0 NOT NULL,
	"additional_delivery_time" integer DEFAULT 0 NOT NULL,
	"qty_limit" integer DEFAULT 0 NOT NULL,
	"amount_limit" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_logistic_vendors" (
	"account_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"merchant_id" text DEFAULT '' NOT NULL,
	"access_key" text DEFAULT '' NOT NULL,
	"access_token_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_logistic_vendors_account_id_vendor_pk" PRIMARY KEY("account_id","vendor")
);
--> statement-breakpoint
CREATE TABLE "shop_logistics" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"platform" text NOT NULL,
	"mode" text,
	"wallet" text NOT NULL,
	"default_vendor" text NOT NULL,
	"git_default_vendor" text NOT NULL,
	"uber_uuid" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rules" ADD CONSTRAINT "delivery_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_logistic_vendors" ADD CONSTRAINT "shop_logistic_vendors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_logistics" ADD CONSTRAINT "shop_logistics_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_order_idx" ON "deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_vendor_order_unique" ON "deliveries" USING btree ("vendor","vendor_order_id");--> statement-breakpoint
CREATE INDEX "delivery_rules_account_idx" ON "delivery_rules" USING btree ("account_id","position");