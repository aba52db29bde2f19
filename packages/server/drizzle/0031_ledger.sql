CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"si_account_id" integer,
	"bank_code" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"ledger_account_id" integer NOT NULL,
	"plan_name" text,
	"formula_version_id" integer,
	"formula_version" integer,
	"usage" jsonb NOT NULL,
	"fixed" bigint NOT NULL,
	"per_order" bigint NOT NULL,
	"percent" bigint NOT NULL,
	"total" bigint NOT NULL,
	"state" text NOT NULL,
	"transaction_id" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"posted" integer NOT NULL,
	"amount_posted" bigint NOT NULL,
	"ran_by" integer,
	"ran_by_name" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"ledger_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"payer" text NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"shop_account_id" integer,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"ledger_account_id" integer NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"billing_month" text,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_si_account_id_si_accounts_id_fk" FOREIGN KEY ("si_account_id") REFERENCES "public"."si_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_formula_version_id_formula_versions_id_fk" FOREIGN KEY ("formula_version_id") REFERENCES "public"."formula_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_lines" ADD CONSTRAINT "billing_lines_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_records" ADD CONSTRAINT "deposit_records_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_records" ADD CONSTRAINT "deposit_records_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shop_account_id_accounts_id_fk" FOREIGN KEY ("shop_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number_unique" ON "bank_accounts" USING btree ("bank_code","branch_code","account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_lines_month_account" ON "billing_lines" USING btree ("month","ledger_account_id");--> statement-breakpoint
CREATE INDEX "billing_runs_month_idx" ON "billing_runs" USING btree ("month","ran_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_records_tx_unique" ON "deposit_records" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_shop_unique" ON "ledger_accounts" USING btree ("shop_account_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("ledger_account_id","transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_tx_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_key_unique" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");--> statement-breakpoint
-- issue 17 stored funds: a wallet belongs to one shop; the platform's own accounts (cash received, revenue)
-- exist once each; amounts are non-zero cents; credit limits are not negative.
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK (
  ("kind" = 'wallet' AND "shop_account_id" IS NOT NULL) OR ("kind" IN ('cash', 'revenue') AND "shop_account_id" IS NULL)
);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_credit_check" CHECK ("credit_limit" >= 0);--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_unique" ON "ledger_accounts" ("kind") WHERE "kind" <> 'wallet';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_amount_check" CHECK ("amount" <> 0);--> statement-breakpoint
-- the ledger is append-only: a mistake is corrected by another posting, never by editing one
CREATE FUNCTION ledger_read_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: post a correcting transaction instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER ledger_transactions_read_only BEFORE UPDATE OR DELETE ON "ledger_transactions"
  FOR EACH ROW EXECUTE FUNCTION ledger_read_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_read_only BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_read_only();--> statement-breakpoint
CREATE TRIGGER deposit_records_read_only BEFORE UPDATE OR DELETE ON "deposit_records"
  FOR EACH ROW EXECUTE FUNCTION ledger_read_only();--> statement-breakpoint
-- double entry: at commit, every transaction that got entries has two or more, summing to zero
CREATE FUNCTION ledger_entries_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s numeric; n integer;
BEGIN
  SELECT coalesce(sum(amount), 0), count(*) INTO s, n FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF s <> 0 OR n < 2 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced (sum %, % entries)', NEW.transaction_id, s, n;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON "ledger_entries"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entries_balanced();
