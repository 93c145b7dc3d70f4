CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "booking_cancellations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_uuid" text NOT NULL,
	"supplier_reference" text NOT NULL,
	"order_id" uuid,
	"refund_amount" integer NOT NULL,
	"currency" text NOT NULL,
	"refund_status" text NOT NULL,
	"by_kind" text NOT NULL,
	"by_user_id" text,
	"by_email" text,
	"reason" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "booking_cancellations_booking_uuid_unique" UNIQUE("booking_uuid")
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "booking_cancellations_created_idx" ON "booking_cancellations" USING btree ("created_at");