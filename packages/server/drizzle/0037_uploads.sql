CREATE TABLE "upload_variants" (
	"source_sha256" text NOT NULL,
	"width" integer NOT NULL,
	"variant_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_variants_source_sha256_width_pk" PRIMARY KEY("source_sha256","width")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_sha256_check" CHECK ("uploads"."sha256" ~ '^[a-f0-9]{64}$'),
	CONSTRAINT "uploads_size_check" CHECK ("uploads"."size" = octet_length("uploads"."bytes"))
);
--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_source_sha256_uploads_sha256_fk" FOREIGN KEY ("source_sha256") REFERENCES "public"."uploads"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_variants" ADD CONSTRAINT "upload_variants_variant_sha256_uploads_sha256_fk" FOREIGN KEY ("variant_sha256") REFERENCES "public"."uploads"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Images are compressed already: kept out of line and uncompressed, so a read in slices (substring) fetches
-- only the slice's chunks (src/storage/uploads.ts streams that way).
ALTER TABLE "uploads" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
