CREATE TABLE "group_cart_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_cart_id" bigint NOT NULL,
	"participant" text NOT NULL,
	"key_hash" text NOT NULL,
	"product_id" integer NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_carts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"account_id" integer NOT NULL,
	"meal_type" text NOT NULL,
	"opener_name" text NOT NULL,
	"opener_key_hash" text NOT NULL,
	"opener_line_user_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"order_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_carts_token_unique" UNIQUE("token"),
	CONSTRAINT "group_carts_status_check" CHECK ("group_carts"."status" in ('open', 'checked_out', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "participant" text;--> statement-breakpoint
ALTER TABLE "group_cart_lines" ADD CONSTRAINT "group_cart_lines_group_cart_id_group_carts_id_fk" FOREIGN KEY ("group_cart_id") REFERENCES "public"."group_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_carts" ADD CONSTRAINT "group_carts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_carts" ADD CONSTRAINT "group_carts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_cart_lines_cart_idx" ON "group_cart_lines" USING btree ("group_cart_id");--> statement-breakpoint
CREATE INDEX "group_carts_account_idx" ON "group_carts" USING btree ("account_id");