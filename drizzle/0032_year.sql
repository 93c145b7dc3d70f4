DROP INDEX "bookings_slot_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "admitted_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_unit_items_reference_idx" ON "booking_unit_items" USING btree ("supplier_reference");--> statement-breakpoint
CREATE INDEX "bookings_slot_start_idx" ON "bookings" USING btree ("slot_start","status","unit_count","slot_end","admitted_count");--> statement-breakpoint
CREATE INDEX "bookings_reseller_confirmed_idx" ON "bookings" USING btree ("confirmed_at") WHERE reseller_id <> 'website';--> statement-breakpoint
CREATE INDEX "orders_replaced_tickets_idx" ON "orders" USING gin ("replaced_tickets" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "token_issues_issued_idx" ON "token_issues" USING btree ("status","issued_at","drop_id");--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("option_id","slot_start","status","expires_at","unit_count");--> statement-breakpoint
-- hand-written: every booking's count of live admissions, from the admissions made before the count existed.
UPDATE "bookings" b SET "admitted_count" = a.n
FROM (SELECT "booking_uuid", count(*)::int AS n FROM "ticket_redemptions" WHERE "undone_at" IS NULL GROUP BY "booking_uuid") a
WHERE a."booking_uuid" = b."uuid";
