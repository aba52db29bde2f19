ALTER TABLE "orders" ADD COLUMN "items_line_zh" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_line_en" text;