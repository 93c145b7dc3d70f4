DROP INDEX "bookings_reseller_updated_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "amended_at" timestamp with time zone;--> statement-breakpoint
-- Resellers' bookings written in the last day are stamped as amended: a summed sales day that an amendment
-- changed just before this migration is still read again until the reports' next run (decision 0057).
UPDATE "bookings" SET "amended_at" = "updated_at" WHERE "reseller_id" <> 'website' AND "updated_at" > now() - interval '1 day';--> statement-breakpoint
CREATE INDEX "bookings_reseller_amended_idx" ON "bookings" USING btree ("amended_at") WHERE reseller_id <> 'website' and amended_at is not null;--> statement-breakpoint
-- The planner's statistics learn the new column at once (until then it walked the resellers' cancellations index).
ANALYZE "bookings";
