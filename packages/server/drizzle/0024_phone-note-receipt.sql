ALTER TABLE "businesses" ALTER COLUMN "is_phone_required" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "receipt_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- issue 15: the switch was read by nothing before; every shop kept asking for a phone, so it stays so
UPDATE "businesses" SET "is_phone_required" = true;
