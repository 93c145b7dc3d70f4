CREATE TABLE "ticket_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_reference" text NOT NULL,
	"booking_uuid" text NOT NULL,
	"booking_reference" text NOT NULL,
	"gate" text NOT NULL,
	"by_user_id" text,
	"by_email" text,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_redemptions_once" ON "ticket_redemptions" USING btree ("ticket_reference") WHERE "ticket_redemptions"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "ticket_redemptions_booking_idx" ON "ticket_redemptions" USING btree ("booking_uuid");--> statement-breakpoint
CREATE INDEX "ticket_redemptions_at_idx" ON "ticket_redemptions" USING btree ("redeemed_at");