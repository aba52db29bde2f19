-- Shop lists (spec 002 §2 screens 1-3, §9): indexes so the gaa list stays fast on 100 000 shops.
-- Written by hand (drizzle-kit cannot express extensions or operator classes); docs/decisions.md "Shop lists".
-- Trigram indexes serve the contains-searches (name, EAA name / e-mail); pg_trgm splits CJK text into
-- trigrams under a UTF-8 ctype, so 牛肉麵 is found inside 阿嬤牛肉麵.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_name_trgm_idx" ON "businesses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
-- Sorts: EAA name, go-live status, tax id (many shops share "no tax id": (invoice, id) spares the sort of
-- that whole group); names have a btree index already, SI names are few.
CREATE INDEX IF NOT EXISTS "users_name_idx" ON "users" ("name", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "businesses_invoice_id_idx" ON "businesses" ("invoice", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_kind_initialized_idx" ON "accounts" ("kind", "is_initialized", "id");--> statement-breakpoint
-- Each console tree lists one kind, newest first: a partial index of bare ids per kind keeps page turns and
-- deep pages (OFFSET skips index entries) and the kind's total on small index-only scans.
CREATE INDEX IF NOT EXISTS "accounts_catering_id_idx" ON "accounts" ("id") WHERE "kind" = 'catering';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_retail_id_idx" ON "accounts" ("id") WHERE "kind" = 'retail';
