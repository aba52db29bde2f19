CREATE TABLE "phone_otp_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"holder" text NOT NULL,
	"account_id" integer NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"phone" text NOT NULL,
	"holder" text NOT NULL,
	"account_id" integer NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_verifications_phone_holder_pk" PRIMARY KEY("phone","holder")
);
--> statement-breakpoint
CREATE INDEX "phone_otp_codes_phone_idx" ON "phone_otp_codes" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "phone_otp_codes_holder_idx" ON "phone_otp_codes" USING btree ("phone","holder","id");