ALTER TABLE "bookings" ADD COLUMN "member_tier" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "kept_places" integer DEFAULT 0 NOT NULL;
