ALTER TABLE "order_stats_daily" ADD COLUMN "orders_line" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_stats_daily" ADD COLUMN "orders_table" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below: the daily rollup counts each group's orders by channel (contract ORDER_CHANNEL_SQL: LINE
-- when line_user_id is set, else a table's QR code when table_number is set, else web), so the platform charts'
-- channel split reads the rollup instead of the period's orders (docs/decisions/reports.md "Platform charts:
-- the channels from the rollup"). The three functions are 0042's, redefined in full with the two counts; the
-- update trigger now also moves an order whose line_user_id or table_number changed. The triggers stay.
CREATE OR REPLACE FUNCTION stats_orders_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_stats_daily AS s (account_id, day, meal_type, payment_method, status, orders, revenue, discount,
                                      orders_line, orders_table)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date, meal_type, payment_method, status,
         count(*), sum(total), sum(discount),
         count(*) FILTER (WHERE line_user_id IS NOT NULL),
         count(*) FILTER (WHERE line_user_id IS NULL AND table_number IS NOT NULL)
  FROM new_rows WHERE NOT is_test GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (account_id, day, meal_type, payment_method, status) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue,
        discount = s.discount + excluded.discount, orders_line = s.orders_line + excluded.orders_line,
        orders_table = s.orders_table + excluded.orders_table;
  INSERT INTO order_stats_hourly AS s (account_id, day, hour, orders, revenue)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date,
         extract(hour FROM created_at AT TIME ZONE 'Asia/Taipei')::smallint, count(*), sum(total)
  FROM new_rows WHERE status IN ('accepted', 'completed') AND NOT is_test GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (account_id, day, hour) DO UPDATE
    SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_orders_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH changed AS (
    SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.account_id, o.status, o.total, o.discount, o.meal_type, o.payment_method, o.created_at,
           o.line_user_id IS NOT NULL, o.table_number IS NOT NULL)
      IS DISTINCT FROM (n.account_id, n.status, n.total, n.discount, n.meal_type, n.payment_method, n.created_at,
           n.line_user_id IS NOT NULL, n.table_number IS NOT NULL)
  ), d AS (
    SELECT o.id, o.account_id, (o.created_at AT TIME ZONE 'Asia/Taipei') AS local_at, o.meal_type,
           o.payment_method, o.status, -1 AS sign, o.total, o.discount,
           (o.line_user_id IS NOT NULL) AS via_line, (o.line_user_id IS NULL AND o.table_number IS NOT NULL) AS via_table
    FROM old_rows o WHERE o.id IN (SELECT id FROM changed) AND NOT o.is_test
    UNION ALL
    SELECT n.id, n.account_id, (n.created_at AT TIME ZONE 'Asia/Taipei'), n.meal_type,
           n.payment_method, n.status, 1, n.total, n.discount,
           n.line_user_id IS NOT NULL, n.line_user_id IS NULL AND n.table_number IS NOT NULL
    FROM new_rows n WHERE n.id IN (SELECT id FROM changed) AND NOT n.is_test
  ), daily AS (
    INSERT INTO order_stats_daily AS s (account_id, day, meal_type, payment_method, status, orders, revenue, discount,
                                        orders_line, orders_table)
    SELECT account_id, local_at::date, meal_type, payment_method, status,
           sum(sign), sum(sign * total), sum(sign * discount),
           coalesce(sum(sign) FILTER (WHERE via_line), 0), coalesce(sum(sign) FILTER (WHERE via_table), 0)
    FROM d GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, day, meal_type, payment_method, status) DO UPDATE
      SET orders = s.orders + excluded.orders, revenue = s.revenue + excluded.revenue,
          discount = s.discount + excluded.discount, orders_line = s.orders_line + excluded.orders_line,
          orders_table = s.orders_table + excluded.orders_table
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
CREATE OR REPLACE FUNCTION refresh_order_stats(p_from date, p_to date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t0 timestamptz := p_from::timestamp AT TIME ZONE 'Asia/Taipei';
  t1 timestamptz := (p_to + 1)::timestamp AT TIME ZONE 'Asia/Taipei';
BEGIN
  LOCK TABLE orders, order_items IN SHARE MODE;
  DELETE FROM order_stats_daily WHERE day BETWEEN p_from AND p_to;
  DELETE FROM order_stats_hourly WHERE day BETWEEN p_from AND p_to;
  DELETE FROM order_product_daily WHERE day BETWEEN p_from AND p_to;
  INSERT INTO order_stats_daily (account_id, day, meal_type, payment_method, status, orders, revenue, discount,
                                 orders_line, orders_table)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date, meal_type, payment_method, status,
         count(*), sum(total), sum(discount),
         count(*) FILTER (WHERE line_user_id IS NOT NULL),
         count(*) FILTER (WHERE line_user_id IS NULL AND table_number IS NOT NULL)
  FROM orders WHERE created_at >= t0 AND created_at < t1 AND NOT is_test GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO order_stats_hourly (account_id, day, hour, orders, revenue)
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date,
         extract(hour FROM created_at AT TIME ZONE 'Asia/Taipei')::smallint, count(*), sum(total)
  FROM orders WHERE created_at >= t0 AND created_at < t1 AND NOT is_test AND status IN ('accepted', 'completed')
  GROUP BY 1, 2, 3;
  INSERT INTO order_product_daily (account_id, day, product_id, names, qty, revenue)
  SELECT o.account_id, (o.created_at AT TIME ZONE 'Asia/Taipei')::date, i.product_id,
         (array_agg(i.names ORDER BY i.id DESC))[1], sum(i.quantity), sum(i.line_total)
  FROM orders o JOIN order_items i ON i.order_id = o.id
  WHERE o.created_at >= t0 AND o.created_at < t1 AND NOT o.is_test AND o.status IN ('accepted', 'completed')
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
-- the existing rows' counts, from the orders; order writes wait for this migration's commit, so no order is
-- counted by both the backfill and a trigger, or by neither (seconds on millions of orders)
LOCK TABLE orders IN SHARE MODE;
--> statement-breakpoint
UPDATE order_stats_daily s SET orders_line = c.via_line, orders_table = c.via_table
FROM (
  SELECT account_id, (created_at AT TIME ZONE 'Asia/Taipei')::date AS day, meal_type, payment_method, status,
         count(*) FILTER (WHERE line_user_id IS NOT NULL)::int AS via_line,
         count(*) FILTER (WHERE line_user_id IS NULL AND table_number IS NOT NULL)::int AS via_table
  FROM orders WHERE NOT is_test GROUP BY 1, 2, 3, 4, 5
) c
WHERE s.account_id = c.account_id AND s.day = c.day AND s.meal_type = c.meal_type
  AND s.payment_method = c.payment_method AND s.status = c.status
  AND (c.via_line <> 0 OR c.via_table <> 0);
