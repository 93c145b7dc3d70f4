ALTER TABLE "booking_changes" ADD COLUMN "status" text DEFAULT 'DONE' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "hold_uuid" text;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "pay_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "payment_session_id" text;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "payment_session" jsonb;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "completion_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "next_payment_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "booking_changes_payment_check_idx" ON "booking_changes" USING btree ("status","next_payment_check_at");--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_payment_session_id_unique" UNIQUE("payment_session_id");