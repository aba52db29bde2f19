-- issue 26: one shop per LINE channel. Shops that already share a channel (a double-clicked wizard Finish)
-- keep it on the oldest shop; the later ones lose the channel id (their line_channels row stays) and get an
-- audit record, so gaa sees which shop to re-bind or delete.
WITH "dups" AS (
	SELECT "id", "line_channel_id", min("id") OVER (PARTITION BY "line_channel_id") AS "keeper"
	FROM "accounts" WHERE "line_channel_id" IS NOT NULL
)
INSERT INTO "audit_records" ("account_id", "user_name", "console_type", "display_name", "resource_code", "action", "display_log", "target_table", "target_key", "target_id", "old_value")
SELECT "id", 'system', 'gaa', 'LINE官方帳號設定', 'accounts', 'update',
	'LINE Channel ' || "line_channel_id" || ' 已由商店 ' || "keeper" || ' 使用，本商店的 Channel ID 已清除（同一頻道只能屬於一間商店）',
	'accounts', 'line_channel_id', "id"::text, to_jsonb("line_channel_id")
FROM "dups" WHERE "id" <> "keeper";
--> statement-breakpoint
UPDATE "accounts" SET "line_channel_id" = NULL, "updated_at" = now()
WHERE "id" IN (
	SELECT "id" FROM (
		SELECT "id", min("id") OVER (PARTITION BY "line_channel_id") AS "keeper"
		FROM "accounts" WHERE "line_channel_id" IS NOT NULL
	) AS "d" WHERE "id" <> "keeper"
);
--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_line_channel_id_key" ON "accounts" USING btree ("line_channel_id") WHERE "accounts"."line_channel_id" IS NOT NULL;
