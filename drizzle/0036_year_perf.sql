CREATE TABLE "occupancy_hours" (
	"date" text NOT NULL,
	"hour" integer NOT NULL,
	"entries" integer NOT NULL,
	"exits" integer NOT NULL,
	"peak" integer NOT NULL,
	CONSTRAINT "occupancy_hours_date_hour_pk" PRIMARY KEY("date","hour")
);
--> statement-breakpoint
CREATE TABLE "report_sums_state" (
	"id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"through" text NOT NULL,
	"consistent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"date" text NOT NULL,
	"channel" text NOT NULL,
	"product_id" text NOT NULL,
	"bookings" integer NOT NULL,
	"tickets" integer NOT NULL,
	"gross" bigint NOT NULL,
	"refunds" bigint NOT NULL,
	CONSTRAINT "sales_days_date_channel_product_id_pk" PRIMARY KEY("date","channel","product_id")
);
--> statement-breakpoint
DROP INDEX "bookings_slot_idx";--> statement-breakpoint
DROP INDEX "member_points_expiry_idx";--> statement-breakpoint
DROP INDEX "member_points_earned_idx";--> statement-breakpoint
CREATE INDEX "booking_changes_created_idx" ON "booking_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bookings_reseller_cancelled_idx" ON "bookings" USING btree ("cancelled_at") WHERE reseller_id <> 'website';--> statement-breakpoint
CREATE INDEX "bookings_reseller_updated_idx" ON "bookings" USING btree ("updated_at") WHERE reseller_id <> 'website';--> statement-breakpoint
CREATE INDEX "member_visits_date_idx" ON "member_visits" USING btree ("visit_date","user_id");--> statement-breakpoint
CREATE INDEX "payments_confirmed_idx" ON "payments" USING btree ("confirmed_at");--> statement-breakpoint
CREATE INDEX "ticket_redemptions_undone_idx" ON "ticket_redemptions" USING btree ("undone_at") WHERE "ticket_redemptions"."undone_at" is not null;--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("option_id","slot_start","status","expires_at","unit_count","kept_places");--> statement-breakpoint
CREATE INDEX "member_points_expiry_idx" ON "member_points" USING btree ("expires_on","points","spent") WHERE state = 'confirmed';--> statement-breakpoint
CREATE INDEX "member_points_earned_idx" ON "member_points" USING btree ("earned_at","state","points");--> statement-breakpoint
-- Booking search by e-mail or name (decision 0057): trigram indexes where the server has pg_trgm (PostgreSQL's
-- contrib; the embedded PGlite loads its own copy, src/server/db/client.ts). Not in schema.ts: drizzle-kit cannot
-- express an operator class on an expression; without the extension the search reads the rows, as before.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "memberships_name_trgm_idx" ON "memberships" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "bookings_guest_email_trgm_idx" ON "bookings" USING gin (("contact"->>'emailAddress') gin_trgm_ops) WHERE reseller_id <> 'website';
    CREATE INDEX IF NOT EXISTS "bookings_guest_name_trgm_idx" ON "bookings" USING gin (("contact"->>'fullName') gin_trgm_ops) WHERE reseller_id <> 'website';
    CREATE INDEX IF NOT EXISTS "bookings_guest_first_last_trgm_idx" ON "bookings" USING gin ((("contact"->>'firstName') || ' ' || ("contact"->>'lastName')) gin_trgm_ops) WHERE reseller_id <> 'website';
  END IF;
END $$;
