DROP INDEX "orders_account_serial_unique";--> statement-breakpoint
ALTER TABLE "order_serials" ADD COLUMN "serial_day" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_serials" ADD COLUMN "start_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "serial_day" timestamp with time zone DEFAULT '1970-01-01T00:00:00Z' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_account_serial_day_unique" ON "orders" USING btree ("account_id","serial_day","serial");