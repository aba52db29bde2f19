CREATE TABLE "line_binding_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"line_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_webhook_events" (
	"vendor" text NOT NULL,
	"event_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_webhook_events_vendor_event_key_pk" PRIMARY KEY("vendor","event_key")
);
--> statement-breakpoint
ALTER TABLE "line_binding_failures" ADD CONSTRAINT "line_binding_failures_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_binding_failures_account_idx" ON "line_binding_failures" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_webhook_events_received_idx" ON "delivery_webhook_events" USING btree ("received_at");