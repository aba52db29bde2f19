CREATE TABLE "order_product_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"qty" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_product_daily_account_id_day_product_id_pk" PRIMARY KEY("account_id","day","product_id")
);
--> statement-breakpoint
CREATE TABLE "order_stats_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"meal_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_stats_daily_account_id_day_meal_type_payment_method_status_pk" PRIMARY KEY("account_id","day","meal_type","payment_method","status")
);
--> statement-breakpoint
CREATE TABLE "order_stats_hourly" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_stats_hourly_account_id_day_hour_pk" PRIMARY KEY("account_id","day","hour")
);
--> statement-breakpoint
ALTER TABLE "order_product_daily" ADD CONSTRAINT "order_product_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stats_daily" ADD CONSTRAINT "order_stats_daily_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stats_hourly" ADD CONSTRAINT "order_stats_hourly_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_product_daily_day_idx" ON "order_product_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_stats_daily_day_idx" ON "order_stats_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "order_stats_hourly_day_idx" ON "order_stats_hourly" USING btree ("day");--> statement-breakpoint
-- Hand-written below (drizzle-kit does not track functions or triggers; docs/decisions.md "Statistics").
-- Counted orders are accepted and completed ones; order_stats_daily keeps every status (cancel/reject rates).
-- Statement-level triggers with transition tables: a bulk insert of 2000 orders costs one grouped upsert.
CREATE OR REPLACE FUNCTION stats_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_daily AS s (account_id, day, meal_type, payment_method, status, orders, revenue, discount)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date, meal_type, payment_method, status,
         count(*), sum(total), sum(discount)
  FROM new_rows GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, meal_type, payment_method, status) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue,
        discount = s.discount + excluded.discount;
  INSERT INTO order_stats_hourly AS s (account_id, day, hour, orders, revenue)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date,
         extract(hour FROM created_at AT TIME ZONE 'Asia/Taipei')::smallint, count(*), sum(total)
  FROM new_rows WHERE status IN ('accepted', 'completed') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, hour) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.account_id, o.status, o.total, o.discount, o.meal_type, o.payment_method, o.created_at)
      IS DISTINCT FROM (n.account_id, n.status, n.total, n.discount, n.meal_type, n.payment_method, n.created_at)
  ), d AS (
    SELECT o.id, o.account_id, (o.created_at AT TIME ZONE 'Asia/Taipei') AS local_at, o.meal_type,
           o.payment_method, o.status, -1 AS sign, o.total, o.discount
    FROM old_rows o WHERE o.id IN (SELECT id FROM changed)
    UNION ALL
    SELECT n.id, n.account_id, (n.created_at AT TIME ZONE 'Asia/Taipei'), n.meal_type,
           n.payment_method, n.status, 1, n.total, n.discount
    FROM new_rows n WHERE n.id IN (SELECT id FROM changed)
  ), daily AS (
    INSERT INTO order_stats_daily AS s (account_id, day, meal_type, payment_method, status, orders, revenue, discount)
    SELECT account_id, local_at::date, meal_type, payment_method, status,
           sum(sign), sum(sign * total), sum(sign * discount)
    FROM d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, day, meal_type, payment_method, status) DO UPDATE
      SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue,
          discount = s.discount + excluded.discount
    RETURNING 1
  ), hourly AS (
    INSERT INTO order_stats_hourly AS s (account_id, day, hour, orders, revenue)
    SELECT account_id, local_at::date, extract(hour FROM local_at)::smallint, sum(sign), sum(sign * total)
    FROM d WHERE status IN ('accepted', 'completed') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (account_id, day, hour) DO UPDATE
      SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue
    RETURNING 1
  )
  INSERT INTO order_product_daily AS s (account_id, day, product_id, names, qty, revenue)
  SELECT d.account_id, d.local_at::date, i.product_id, (array_agg(i.names))[1],
         sum(d.sign * i.quantity), sum(d.sign * i.line_total)
  FROM d JOIN order_items i ON i.order_id = d.id
  WHERE d.status IN ('accepted', 'completed') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, product_id) DO UPDATE
    SET qty = s.qty + excluded.qty, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_items_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_product_daily AS s (account_id, day, product_id, names, qty, revenue)
  SELECT o.account_id, (o.created_at AT TIME ZONE 'Asia/Taipei')::date, i.product_id, (array_agg(i.names))[1],
         sum(i.quantity), sum(i.line_total)
  FROM new_items i JOIN orders o ON o.id = i.order_id
  WHERE o.status IN ('accepted', 'completed') GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, product_id) DO UPDATE
    SET qty = s.qty + excluded.qty, revenue = s.revenue + excluded.revenue, names = excluded.names;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_orders_insert();
--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stats_orders_update();
--> statement-breakpoint
CREATE TRIGGER order_items_stats_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION stats_items_insert();
--> statement-breakpoint
-- Rebuilds the rollups of Taipei days p_from..p_to from orders (repairs, backfills). Locks out order writes
-- while it runs so no order is counted twice or missed.
CREATE OR REPLACE FUNCTION refresh_order_stats(p_from date, p_to date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz := p_from::timestamp AT TIME ZONE 'Asia/Taipei';
  t1 timestamptz := (p_to + 1)::timestamp AT TIME ZONE 'Asia/Taipei';
BEGIN
  LOCK TABLE orders, order_items IN SHARE MODE;
  DELETE FROM order_stats_daily WHERE day BETWEEN p_from AND p_to;
  DELETE FROM order_stats_hourly WHERE day BETWEEN p_from AND p_to;
  DELETE FROM order_product_daily WHERE day BETWEEN p_from AND p_to;
  INSERT INTO order_stats_daily (account_id, day, meal_type, payment_method, status, orders, revenue, discount)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date, meal_type, payment_method, status,
         count(*), sum(total), sum(discount)
  FROM orders WHERE created_at >= t0 AND created_at < t1 GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO order_stats_hourly (account_id, day, hour, orders, revenue)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date,
         extract(hour FROM created_at AT TIME ZONE 'Asia/Taipei')::smallint, count(*), sum(total)
  FROM orders WHERE created_at >= t0 AND created_at < t1 AND status IN ('accepted', 'completed')
  GROUP BY 1, 2, 3;
  INSERT INTO order_product_daily (account_id, day, product_id, names, qty, revenue)
  SELECT o.account_id, (o.created_at AT TIME ZONE 'Asia/Taipei')::date, i.product_id,
         (array_agg(i.names ORDER BY i.id DESC))[1], sum(i.quantity), sum(i.line_total)
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.created_at >= t0 AND o.created_at < t1 AND o.status IN ('accepted', 'completed')
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
SELECT refresh_order_stats('1900-01-01', '2999-12-31');
