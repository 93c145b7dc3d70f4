CREATE TABLE "visits_days" (
	"date" text PRIMARY KEY NOT NULL,
	"tickets" integer NOT NULL,
	"admitted" integer NOT NULL,
	"not_admitted" integer NOT NULL,
	"last_slot_end" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_user_idx";--> statement-breakpoint
CREATE INDEX "bookings_updated_idx" ON "bookings" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "bookings_uuid_created_idx" ON "bookings" USING btree ("uuid","created_at","status","id");--> statement-breakpoint
CREATE INDEX "bookings_kept_places_idx" ON "bookings" USING btree ("slot_start","option_id","status","kept_places") WHERE kept_places > 0;--> statement-breakpoint
CREATE INDEX "ticket_redemptions_late_idx" ON "ticket_redemptions" USING btree ("recorded_at") WHERE recorded_at - redeemed_at > interval '1 minute';--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at","booking_uuid");