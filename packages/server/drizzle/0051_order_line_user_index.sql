-- A customer's earlier orders by chat-app user id (docs/decisions/orders.md "The customer's earlier orders read
-- the whole table"). IF NOT EXISTS: on a large orders table an operator may build it beforehand without
-- blocking order writes, with the same statement written `CREATE INDEX CONCURRENTLY IF NOT EXISTS`.
CREATE INDEX IF NOT EXISTS "orders_line_user_created_idx" ON "orders" USING btree ("line_user_id","created_at") WHERE "orders"."line_user_id" is not null;
