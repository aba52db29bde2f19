CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"bcc" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"pos_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pos_sessions" ADD CONSTRAINT "pos_sessions_pos_user_id_pos_users_id_fk" FOREIGN KEY ("pos_user_id") REFERENCES "public"."pos_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_users" ADD CONSTRAINT "pos_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pos_sessions_user_idx" ON "pos_sessions" USING btree ("pos_user_id");--> statement-breakpoint
CREATE INDEX "pos_sessions_expires_idx" ON "pos_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_users_username_unique" ON "pos_users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "pos_users_account_idx" ON "pos_users" USING btree ("account_id","username");