ALTER TABLE "businesses" ALTER COLUMN "version" SET DEFAULT 2;--> statement-breakpoint
ALTER TABLE "line_channels" ADD COLUMN "live_rich_menu_file" text;--> statement-breakpoint
-- docs/decisions/customer-app.md "Web version": the field changed nothing before and every shop's customers saw
-- Web2.0; version 1 now opens the classic layout, so every existing shop stays on what its customers know
UPDATE "businesses" SET "version" = 2;
