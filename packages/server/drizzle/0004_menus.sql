CREATE TABLE "menu_classes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sku" text NOT NULL,
	"names" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"kind" text NOT NULL,
	"min_select" integer DEFAULT 0 NOT NULL,
	"max_select" integer DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "options" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"names" jsonb NOT NULL,
	"price_delta" integer DEFAULT 0 NOT NULL,
	"sold_out" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"class_id" integer,
	"names" jsonb NOT NULL,
	"description" jsonb DEFAULT '{"zh":"","en":""}'::jsonb NOT NULL,
	"price" integer NOT NULL,
	"image_path" text,
	"calories" integer,
	"meal_types" jsonb DEFAULT '["eat_in","to_go","delivery"]'::jsonb NOT NULL,
	"daily_stock" integer,
	"stock_left" integer,
	"sold_out" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_stock_left_check" CHECK ("products"."stock_left" >= 0),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"account_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"runner" text NOT NULL,
	CONSTRAINT "job_runs_job_account_id_local_date_pk" PRIMARY KEY("job","account_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "menu_classes" ADD CONSTRAINT "menu_classes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_groups" ADD CONSTRAINT "option_groups_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "options" ADD CONSTRAINT "options_group_id_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_class_id_menu_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."menu_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "menu_classes_account_sku_unique" ON "menu_classes" USING btree ("account_id","sku");--> statement-breakpoint
CREATE INDEX "menu_classes_account_position_idx" ON "menu_classes" USING btree ("account_id","position");--> statement-breakpoint
CREATE INDEX "option_groups_account_idx" ON "option_groups" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "option_groups_product_position_idx" ON "option_groups" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "options_account_idx" ON "options" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "options_group_position_idx" ON "options" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "products_account_class_position_idx" ON "products" USING btree ("account_id","class_id","position");--> statement-breakpoint
CREATE INDEX "products_class_idx" ON "products" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "job_runs_date_idx" ON "job_runs" USING btree ("local_date");