ALTER TABLE "promotions" ADD COLUMN "formulas" jsonb;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "compute_modules" text[] DEFAULT '{}' NOT NULL;