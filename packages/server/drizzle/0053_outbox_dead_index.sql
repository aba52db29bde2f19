-- The platform dashboard counts the dead outbox jobs by kind at each refresh: through this index, not the whole
-- table. IF NOT EXISTS: an operator with a large table may build it CONCURRENTLY first.
CREATE INDEX IF NOT EXISTS "outbox_jobs_dead_idx" ON "outbox_jobs" USING btree ("kind") WHERE status = 'dead';
