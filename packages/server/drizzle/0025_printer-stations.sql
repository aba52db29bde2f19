CREATE TABLE "printer_station_classes" (
	"station_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "printer_station_classes_station_id_class_id_pk" PRIMARY KEY("station_id","class_id")
);
--> statement-breakpoint
CREATE TABLE "printer_station_negative_products" (
	"station_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"class_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "printer_station_negative_products_station_id_product_id_pk" PRIMARY KEY("station_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "printer_station_origins" (
	"printer_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printer_station_printers" (
	"station_id" integer NOT NULL,
	"printer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "printer_station_printers_station_id_printer_id_pk" PRIMARY KEY("station_id","printer_id")
);
--> statement-breakpoint
CREATE TABLE "printer_stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"times" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printer_stations_times_check" CHECK ("printer_stations"."times" >= 0 and "printer_stations"."times" <= 10)
);
--> statement-breakpoint
ALTER TABLE "printer_station_classes" ADD CONSTRAINT "printer_station_classes_station_id_printer_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."printer_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_classes" ADD CONSTRAINT "printer_station_classes_class_id_menu_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."menu_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_negative_products" ADD CONSTRAINT "printer_station_negative_products_station_id_printer_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."printer_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_negative_products" ADD CONSTRAINT "printer_station_negative_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_negative_products" ADD CONSTRAINT "printer_station_negative_products_class_id_menu_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."menu_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_origins" ADD CONSTRAINT "printer_station_origins_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_origins" ADD CONSTRAINT "printer_station_origins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_printers" ADD CONSTRAINT "printer_station_printers_station_id_printer_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."printer_stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_station_printers" ADD CONSTRAINT "printer_station_printers_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printer_stations" ADD CONSTRAINT "printer_stations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "printer_station_classes_account_idx" ON "printer_station_classes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "printer_station_negative_account_idx" ON "printer_station_negative_products" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "printer_station_origins_account_idx" ON "printer_station_origins" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "printer_station_printers_account_idx" ON "printer_station_printers" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "printer_stations_account_name_unique" ON "printer_stations" USING btree ("account_id","name");