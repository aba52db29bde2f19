CREATE TABLE "line_channels" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"account_name" text NOT NULL,
	"channel_secret_sealed" text NOT NULL,
	"access_token_sealed" text NOT NULL,
	"menu_liff_id" text DEFAULT '' NOT NULL,
	"eat_in_liff_id" text DEFAULT '' NOT NULL,
	"order_liff_id" text DEFAULT '' NOT NULL,
	"pick_up_liff_id" text,
	"is_chatbot_disabled" boolean DEFAULT false NOT NULL,
	"line_provider_id" text,
	"is_new_oa" boolean DEFAULT true NOT NULL,
	"rich_menu_file" text,
	"rich_menu_id" text,
	"closed_rich_menu_id" text,
	"menu_state" text DEFAULT 'open' NOT NULL,
	"closed_label" text,
	"link_base" text,
	"saved_settings" jsonb,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"line_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "line_channels" ADD CONSTRAINT "line_channels_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_recipients" ADD CONSTRAINT "line_recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_channels_state_idx" ON "line_channels" USING btree ("menu_state");--> statement-breakpoint
CREATE UNIQUE INDEX "line_recipients_account_line_idx" ON "line_recipients" USING btree ("account_id","line_id");--> statement-breakpoint
CREATE INDEX "line_recipients_line_idx" ON "line_recipients" USING btree ("line_id");