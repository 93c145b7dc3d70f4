CREATE TABLE "booking_addons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"addon_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"stock_key" text NOT NULL,
	"handed_out_at" timestamp with time zone,
	"handed_out_by" text,
	CONSTRAINT "booking_addons_quantity" CHECK ("booking_addons"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "addons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "addon_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_addons" ADD CONSTRAINT "booking_addons_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_addons_booking_addon_idx" ON "booking_addons" USING btree ("booking_id","addon_id");--> statement-breakpoint
CREATE INDEX "booking_addons_stock_idx" ON "booking_addons" USING btree ("addon_id","stock_key");