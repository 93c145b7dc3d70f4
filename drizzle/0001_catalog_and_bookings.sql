CREATE TABLE "booking_unit_items" (
	"uuid" text PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"unit_id" text NOT NULL,
	"reseller_reference" text,
	"supplier_reference" text NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uuid" text NOT NULL,
	"supplier_reference" text NOT NULL,
	"reseller_id" text NOT NULL,
	"reseller_reference" text,
	"status" text NOT NULL,
	"product_id" text NOT NULL,
	"option_id" text NOT NULL,
	"availability_id" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"unit_count" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"contact" jsonb,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	CONSTRAINT "bookings_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "bookings_supplier_reference_unique" UNIQUE("supplier_reference")
);
--> statement-breakpoint
CREATE TABLE "closed_dates" (
	"local_date" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "octo_resellers" (
	"id" text PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	CONSTRAINT "octo_resellers_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"internal_name" text NOT NULL,
	"start_times" jsonb NOT NULL,
	"weekdays" jsonb,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"min_units" integer NOT NULL,
	"max_units" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"internal_name" text NOT NULL,
	"image" text NOT NULL,
	"currency" text NOT NULL,
	"time_zone" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"option_id" text NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"max_quantity" integer NOT NULL,
	"price" integer NOT NULL,
	CONSTRAINT "units_option_id_id_pk" PRIMARY KEY("option_id","id")
);
--> statement-breakpoint
ALTER TABLE "booking_unit_items" ADD CONSTRAINT "booking_unit_items_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_unit_items_booking_idx" ON "booking_unit_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("option_id","slot_start");