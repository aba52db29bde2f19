ALTER TABLE "invoices" ADD COLUMN "random_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "proof_printed_at" timestamp with time zone;