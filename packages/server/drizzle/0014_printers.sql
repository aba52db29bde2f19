CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"did" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"sn" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"printer_type" text DEFAULT 'PT4G' NOT NULL,
	"server" text DEFAULT 'qc' NOT NULL,
	"voice_id" smallint DEFAULT 0 NOT NULL,
	"volume" text DEFAULT 'large' NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"queue_length" integer DEFAULT 0 NOT NULL,
	"last_print_at" timestamp with time zone,
	"state_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "printer_id" integer;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "printers_did_unique" ON "printers" USING btree ("did");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_account_name_unique" ON "printers" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_server_sn_unique" ON "printers" USING btree ("server","sn");--> statement-breakpoint
CREATE INDEX "printers_state_idx" ON "printers" USING btree ("state");--> statement-breakpoint
CREATE INDEX "printers_account_idx" ON "printers" USING btree ("account_id","id");