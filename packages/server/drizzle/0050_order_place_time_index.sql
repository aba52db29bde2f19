-- The order-limit count's index (docs/decisions/orders.md "The slot count read the shop's whole history").
-- IF NOT EXISTS: on a large orders table an operator may build it beforehand without blocking order writes,
-- `CREATE INDEX CONCURRENTLY "orders_account_meal_place_idx" ON "orders" USING btree ("account_id","meal_type",coalesce("wanted_at", "created_at"));`,
-- and this migration then only drops the old one.
CREATE INDEX IF NOT EXISTS "orders_account_meal_place_idx" ON "orders" USING btree ("account_id","meal_type",coalesce("wanted_at", "created_at"));--> statement-breakpoint
DROP INDEX IF EXISTS "orders_account_meal_wanted_idx";
