CREATE TABLE "audit_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"user_id" integer,
	"user_name" text NOT NULL,
	"console_type" text NOT NULL,
	"display_name" text NOT NULL,
	"resource_code" text NOT NULL,
	"action" text NOT NULL,
	"display_log" text NOT NULL,
	"target_table" text,
	"target_key" text,
	"target_id" text,
	"old_value" jsonb,
	"new_value" jsonb,
	"revert_of" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_tags" (
	"account_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_tags_account_id_tag_id_pk" PRIMARY KEY("account_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'catering' NOT NULL,
	"si_account_id" integer,
	"owner_user_id" integer,
	"is_initialized" boolean DEFAULT false NOT NULL,
	"sys_closed" boolean DEFAULT false NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"is_new_style" boolean DEFAULT false NOT NULL,
	"is_station" boolean DEFAULT false NOT NULL,
	"is_oa_disabled" boolean DEFAULT false NOT NULL,
	"shop_id" text,
	"sso_app_id" text,
	"code" text,
	"code_expires_at" timestamp with time zone,
	"random_code" text,
	"line_channel_id" text,
	"line_add_friend_url" text,
	"line_basic_id" text,
	"line_channel_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"company_name" text,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"business_code" text,
	"boss_email" text,
	"boss_phone" text,
	"invoice" text,
	"google_review_url" text,
	"fb_url" text,
	"local_time_zone" text DEFAULT 'Asia/Taipei' NOT NULL,
	"store_info" text,
	"content" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"lat" numeric(9, 6),
	"lng" numeric(9, 6),
	"is_enabled" boolean DEFAULT false NOT NULL,
	"is_mobile_payment" boolean DEFAULT false NOT NULL,
	"is_eat_in" boolean DEFAULT true NOT NULL,
	"is_eat_in_cash" boolean DEFAULT true NOT NULL,
	"is_eat_in_pay" boolean DEFAULT false NOT NULL,
	"is_to_go" boolean DEFAULT false NOT NULL,
	"is_to_go_cash" boolean DEFAULT false NOT NULL,
	"is_to_go_pay" boolean DEFAULT false NOT NULL,
	"is_delivery" boolean DEFAULT false NOT NULL,
	"is_delivery_cash" boolean DEFAULT false NOT NULL,
	"is_delivery_pay" boolean DEFAULT false NOT NULL,
	"is_logistic" boolean DEFAULT false NOT NULL,
	"is_lala" boolean DEFAULT false NOT NULL,
	"is_auto_restore_stock" boolean DEFAULT false NOT NULL,
	"distance_by_route" boolean DEFAULT false NOT NULL,
	"is_pick_up" boolean DEFAULT false NOT NULL,
	"is_invoice" boolean DEFAULT false NOT NULL,
	"is_carrier" boolean DEFAULT false NOT NULL,
	"is_receipt" boolean DEFAULT false NOT NULL,
	"is_calorie" boolean DEFAULT false NOT NULL,
	"is_rebuild" boolean DEFAULT false NOT NULL,
	"is_groupbuy" boolean DEFAULT false NOT NULL,
	"is_otp_enabled" boolean DEFAULT false NOT NULL,
	"is_email" boolean DEFAULT false NOT NULL,
	"is_not_th_of_delivery_display" boolean DEFAULT false NOT NULL,
	"is_not_comment_of_delivery_display" boolean DEFAULT false NOT NULL,
	"is_not_comment_of_order_display" boolean DEFAULT false NOT NULL,
	"is_not_comment_product_display" boolean DEFAULT false NOT NULL,
	"is_not_reply" boolean DEFAULT false NOT NULL,
	"is_not_phone" boolean DEFAULT false NOT NULL,
	"is_phone_required" boolean DEFAULT false NOT NULL,
	"is_printer_template" boolean DEFAULT false NOT NULL,
	"delivery_amt_th" integer DEFAULT 0 NOT NULL,
	"delivery_qty_th" integer DEFAULT 0 NOT NULL,
	"delivery_distance_th" numeric(6, 2) DEFAULT '3' NOT NULL,
	"order_start_number" integer DEFAULT 1 NOT NULL,
	"buffer_time" integer DEFAULT 0 NOT NULL,
	"waiting_time" integer DEFAULT 10 NOT NULL,
	"eat_in_waiting_time" integer,
	"to_go_waiting_time" integer,
	"delivery_waiting_time" integer,
	"reset_time" text DEFAULT '00:10:00' NOT NULL,
	"time_sector_length" integer DEFAULT 15 NOT NULL,
	"time_sector_days" integer DEFAULT 1 NOT NULL,
	"time_obj_sectors" jsonb DEFAULT '[{"start":"00:00","end":"23:59"}]'::jsonb NOT NULL,
	"time_setting" text DEFAULT '0-24,1' NOT NULL,
	"logistic_distance_type" text DEFAULT 'linear' NOT NULL,
	"default_meal_type" text DEFAULT 'to_go' NOT NULL,
	"large_order_amount" integer DEFAULT 99999 NOT NULL,
	"large_order_qty" integer DEFAULT 999 NOT NULL,
	"printer_templates" jsonb DEFAULT '{"here":null,"togo":null,"deliver":null}'::jsonb NOT NULL,
	"disabled_label" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "si_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "si_accounts_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "signin_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"si_account_id" integer,
	"shop_account_id" integer,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tags" ADD CONSTRAINT "account_tags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tags" ADD CONSTRAINT "account_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_si_account_id_si_accounts_id_fk" FOREIGN KEY ("si_account_id") REFERENCES "public"."si_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_si_account_id_si_accounts_id_fk" FOREIGN KEY ("si_account_id") REFERENCES "public"."si_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_account_time_idx" ON "audit_records" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_account_resource_idx" ON "audit_records" USING btree ("account_id","resource_code");--> statement-breakpoint
CREATE INDEX "audit_account_action_idx" ON "audit_records" USING btree ("account_id","action");--> statement-breakpoint
CREATE INDEX "account_tags_tag_idx" ON "account_tags" USING btree ("tag_id","account_id");--> statement-breakpoint
CREATE INDEX "accounts_si_idx" ON "accounts" USING btree ("si_account_id","id");--> statement-breakpoint
CREATE INDEX "accounts_owner_idx" ON "accounts" USING btree ("owner_user_id","id");--> statement-breakpoint
CREATE INDEX "accounts_kind_idx" ON "accounts" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "businesses_invoice_idx" ON "businesses" USING btree ("invoice");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_si_account_idx" ON "users" USING btree ("si_account_id");