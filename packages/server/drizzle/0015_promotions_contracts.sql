CREATE TABLE "contract_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"plan" text NOT NULL,
	CONSTRAINT "contract_plans_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"registration_order_id" integer,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"sys_end_date" date NOT NULL,
	"status" text DEFAULT 'normal' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"promotion_id" integer,
	"account_id" integer NOT NULL,
	"customer_phone" text NOT NULL,
	"name" text NOT NULL,
	"meal_key" text NOT NULL,
	"discount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_promotions_discount_check" CHECK ("order_promotions"."discount" > 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"form" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text NOT NULL,
	"class" text DEFAULT 'common' NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"rounding_type" smallint,
	"content" jsonb,
	"settings" jsonb,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_used_check" CHECK ("promotions"."used_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_plan_id_contract_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."contract_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_registration_order_id_registration_orders_id_fk" FOREIGN KEY ("registration_order_id") REFERENCES "public"."registration_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_orders" ADD CONSTRAINT "registration_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contracts_account_idx" ON "contracts" USING btree ("account_id","start_date");--> statement-breakpoint
CREATE INDEX "contracts_sys_end_idx" ON "contracts" USING btree ("sys_end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_orders_order_unique" ON "registration_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "registration_orders_account_idx" ON "registration_orders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "order_promotions_order_idx" ON "order_promotions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_promotions_promo_phone_idx" ON "order_promotions" USING btree ("promotion_id","customer_phone");--> statement-breakpoint
CREATE INDEX "promotions_account_idx" ON "promotions" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "promotions_account_enabled_idx" ON "promotions" USING btree ("account_id") WHERE "promotions"."enabled";