CREATE TABLE "order_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"service" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"transaction_id" text,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_configs" (
	"account_id" integer NOT NULL,
	"service" text NOT NULL,
	"type" text NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"payment_service_id" integer,
	CONSTRAINT "payment_configs_account_id_service_type_pk" PRIMARY KEY("account_id","service","type")
);
--> statement-breakpoint
CREATE TABLE "payment_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"service" text NOT NULL,
	"name" text NOT NULL,
	"fields" jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"last_test" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_merchants" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_configs" ADD CONSTRAINT "payment_configs_account_id_qr_merchants_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."qr_merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_configs" ADD CONSTRAINT "payment_configs_payment_service_id_payment_services_id_fk" FOREIGN KEY ("payment_service_id") REFERENCES "public"."payment_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_services" ADD CONSTRAINT "payment_services_account_id_qr_merchants_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."qr_merchants"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_merchants" ADD CONSTRAINT "qr_merchants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_order_unique" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_payments_account_idx" ON "order_payments" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_services_account_service_unique" ON "payment_services" USING btree ("account_id","service");