CREATE TABLE "formula_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"version" integer NOT NULL,
	"effective_from" date NOT NULL,
	"formula" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "formula_versions" ADD CONSTRAINT "formula_versions_plan_id_contract_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."contract_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formula_versions" ADD CONSTRAINT "formula_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "formula_versions_plan_version" ON "formula_versions" USING btree ("plan_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "formula_versions_plan_effective" ON "formula_versions" USING btree ("plan_id","effective_from");--> statement-breakpoint
-- issue 17: a formula version is never rewritten (a change is a new version), so no past bill changes.
CREATE FUNCTION formula_versions_read_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'formula versions are read-only: add a new version instead';
END;
$$;--> statement-breakpoint
CREATE TRIGGER formula_versions_read_only BEFORE UPDATE OR DELETE ON "formula_versions"
  FOR EACH ROW EXECUTE FUNCTION formula_versions_read_only();
