ALTER TABLE "orders" ADD COLUMN "pick_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_email" text;