CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"reference_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"gateway_session_id" text NOT NULL,
	"session" jsonb NOT NULL,
	"state" text NOT NULL,
	"lease_until" timestamp with time zone,
	"next_check_at" timestamp with time zone DEFAULT now(),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "payments_gateway_session_id_unique" UNIQUE("gateway_session_id"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"gateway_refund_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("purpose","reference_id");--> statement-breakpoint
CREATE INDEX "payments_due_idx" ON "payments" USING btree ("state","next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_key_unique" ON "refunds" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_id_unique" UNIQUE("payment_id");--> statement-breakpoint
-- hand-written: every order's and change's payment session into payments, every refund recorded today into refunds
INSERT INTO "payments" ("purpose", "reference_id", "amount", "currency", "gateway", "gateway_session_id", "session", "state", "next_check_at", "created_at", "confirmed_at")
SELECT 'order', o."id"::text, coalesce((o."payment_session"->>'amount')::int, o."total"), o."currency", o."payment_provider", o."payment_session_id", o."payment_session",
  CASE WHEN o."status" IN ('CONFIRMED', 'CANCELLED') THEN 'confirmed' WHEN o."status" = 'REFUNDED' THEN 'refunded'
       WHEN o."status" = 'PENDING_PAYMENT' AND o."next_payment_check_at" IS NOT NULL THEN 'pending' ELSE 'expired' END,
  CASE WHEN o."status" = 'PENDING_PAYMENT' THEN o."next_payment_check_at" END, o."created_at",
  CASE WHEN o."status" IN ('CONFIRMED', 'CANCELLED') THEN coalesce(o."paid_at", o."confirmed_at") END
FROM "orders" o;--> statement-breakpoint
INSERT INTO "payments" ("purpose", "reference_id", "amount", "currency", "gateway", "gateway_session_id", "session", "state", "next_check_at", "created_at", "confirmed_at")
SELECT 'change', c."id"::text, c."pay_amount", coalesce(c."payment_session"->>'currency', o."currency"), o."payment_provider", c."payment_session_id", c."payment_session",
  CASE c."status" WHEN 'DONE' THEN 'confirmed' WHEN 'REFUNDED' THEN 'refunded' WHEN 'EXPIRED' THEN 'expired' ELSE 'pending' END,
  CASE WHEN c."status" IN ('PENDING_PAYMENT', 'RELEASED') THEN coalesce(c."next_payment_check_at", now()) END, c."created_at",
  CASE WHEN c."status" = 'DONE' THEN coalesce(c."paid_at", c."created_at") END
FROM "booking_changes" c JOIN "orders" o ON o."id" = c."order_id"
WHERE c."payment_session_id" IS NOT NULL AND c."pay_amount" > 0;--> statement-breakpoint
UPDATE "orders" o SET "payment_id" = p."id" FROM "payments" p WHERE p."gateway_session_id" = o."payment_session_id";--> statement-breakpoint
UPDATE "booking_changes" c SET "payment_id" = p."id" FROM "payments" p WHERE p."gateway_session_id" = c."payment_session_id";--> statement-breakpoint
-- a change to a lower total: its difference went back from the order's payment (refunded_at empty: still owed)
INSERT INTO "refunds" ("payment_id", "amount", "idempotency_key", "state", "reason", "created_at", "done_at")
SELECT o."payment_id", c."refund_amount", 'change:' || c."id", CASE WHEN c."refunded_at" IS NULL THEN 'pending' ELSE 'done' END,
  'change to a lower total', c."created_at", c."refunded_at"
FROM "booking_changes" c JOIN "orders" o ON o."id" = c."order_id" WHERE c."refund_amount" > 0 AND c."status" = 'DONE';--> statement-breakpoint
-- a paid change that could not move: all of its payment went back
INSERT INTO "refunds" ("payment_id", "amount", "idempotency_key", "state", "reason", "created_at", "done_at")
SELECT c."payment_id", p."amount", 'change:' || c."id", 'done', 'the change could not be made', c."created_at", coalesce(c."refunded_at", c."created_at")
FROM "booking_changes" c JOIN "payments" p ON p."id" = c."payment_id" WHERE c."status" = 'REFUNDED';--> statement-breakpoint
-- a payment that came after its hold ran out: all of it went back
INSERT INTO "refunds" ("payment_id", "amount", "idempotency_key", "state", "reason", "created_at", "done_at")
SELECT o."payment_id", p."amount", 'late', 'done', 'paid after the hold ran out', coalesce(o."refunded_at", o."created_at"), coalesce(o."refunded_at", o."created_at")
FROM "orders" o JOIN "payments" p ON p."id" = o."payment_id" WHERE o."status" = 'REFUNDED';--> statement-breakpoint
-- a cancellation's refund, spread as cancel-booking.ts spread it: the paid differences first (newest first), then the booking's own payment
INSERT INTO "refunds" ("payment_id", "amount", "idempotency_key", "state", "reason", "last_error", "created_at", "done_at")
SELECT s."payment_id", s."part", 'cancelled:' || s."booking_uuid", CASE WHEN s."refund_status" = 'refunded' THEN 'done' ELSE 'pending' END,
  'cancelled', s."last_error", s."created_at", s."refunded_at"
FROM (
  SELECT t.*, least(t."room", t."refund_amount" - (t."cumulative" - t."room")) AS "part"
  FROM (
    SELECT bc."booking_uuid", bc."refund_amount", bc."refund_status", bc."last_error", bc."created_at", bc."refunded_at", p."id" AS "payment_id",
      p."amount" - coalesce((SELECT sum(r."amount") FROM "refunds" r WHERE r."payment_id" = p."id"), 0) AS "room",
      sum(p."amount" - coalesce((SELECT sum(r."amount") FROM "refunds" r WHERE r."payment_id" = p."id"), 0))
        OVER (PARTITION BY bc."id" ORDER BY (p."purpose" = 'order'), p."created_at" DESC, p."id") AS "cumulative"
    FROM "booking_cancellations" bc
    JOIN "orders" o ON o."id" = bc."order_id"
    JOIN "payments" p ON p."state" = 'confirmed' AND ((p."purpose" = 'order' AND p."id" = o."payment_id")
      OR (p."purpose" = 'change' AND p."reference_id" IN (SELECT c."id"::text FROM "booking_changes" c WHERE c."order_id" = o."id")))
    WHERE bc."refund_amount" > 0
  ) t
) s WHERE s."part" > 0;
