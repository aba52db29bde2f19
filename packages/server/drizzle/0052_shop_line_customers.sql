CREATE TABLE "shop_line_customers" (
	"account_id" integer NOT NULL,
	"line_user_id" text NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL,
	CONSTRAINT "shop_line_customers_account_id_line_user_id_pk" PRIMARY KEY("account_id","line_user_id")
);
--> statement-breakpoint
ALTER TABLE "shop_line_customers" ADD CONSTRAINT "shop_line_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_line_customers_recent_idx" ON "shop_line_customers" USING btree ("account_id","last_order_at");--> statement-breakpoint
-- Hand-written below: the rollup's trigger and its backfill (docs/decisions/marketing.md "Coupon shop pages:
-- customers counted from a rollup"). Orders' shop, LINE user id and creation time never change after insert.
CREATE OR REPLACE FUNCTION shop_line_customers_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shop_line_customers AS c (account_id, line_user_id, last_order_at)
  SELECT account_id, line_user_id, max(created_at)
  FROM new_rows WHERE line_user_id IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (account_id, line_user_id) DO UPDATE
    SET last_order_at = greatest(c.last_order_at, excluded.last_order_at);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_line_customers_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_line_customers_insert();
--> statement-breakpoint
-- orders placed while the backfill reads would be neither in its snapshot nor seen by a trigger not yet
-- committed: order writes wait for this migration's commit (seconds on millions of orders)
LOCK TABLE orders IN SHARE MODE;
--> statement-breakpoint
INSERT INTO shop_line_customers (account_id, line_user_id, last_order_at)
SELECT account_id, line_user_id, max(created_at) FROM orders WHERE line_user_id IS NOT NULL GROUP BY 1, 2;
