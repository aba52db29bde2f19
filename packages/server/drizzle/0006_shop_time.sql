CREATE TABLE "order_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"meal_type" text NOT NULL,
	"period_session" jsonb NOT NULL,
	"time_session" jsonb NOT NULL,
	"session_time" integer NOT NULL,
	"max_num_of_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_opening_hours" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"general" jsonb NOT NULL,
	"togo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"delivery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_special_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"special_date" date NOT NULL,
	"open_time" text,
	"close_day" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_limits" ADD CONSTRAINT "order_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_opening_hours" ADD CONSTRAINT "shop_opening_hours_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_special_days" ADD CONSTRAINT "shop_special_days_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_limits_account_idx" ON "order_limits" USING btree ("account_id","meal_type");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_special_days_date_unique" ON "shop_special_days" USING btree ("account_id","special_date");