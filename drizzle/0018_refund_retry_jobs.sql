-- Custom SQL migration file, put your code below! --
-- hand-written: every refund left pending before refunds became jobs gets its refunds.retry job (decision 0032), due at once; the dedupe key is the one refund-payment.ts gives
INSERT INTO "jobs" ("kind", "payload", "status", "run_at", "attempts", "max_attempts", "dedupe_key")
SELECT 'refunds.retry', jsonb_build_object('refundId', "id"), 'pending', now(), 0, 40, 'refund:' || "id"
FROM "refunds" WHERE "state" = 'pending'
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
-- hand-written: offers the waitlist job had not settled yet at the upgrade follow their orders now, as decision 0032's transactions would have (paid, even if cancelled since: BOOKED; released, refunded or its payment closed unpaid: EXPIRED)
UPDATE "waitlist_entries" w SET "status" = 'BOOKED', "closed_at" = now()
FROM "orders" o WHERE w."status" = 'OFFERED' AND o."id" = w."order_id" AND o."status" IN ('CONFIRMED', 'CANCELLED');--> statement-breakpoint
UPDATE "waitlist_entries" w SET "status" = 'EXPIRED', "closed_at" = now()
FROM "orders" o JOIN "payments" p ON p."id" = o."payment_id"
WHERE w."status" = 'OFFERED' AND o."id" = w."order_id"
  AND (o."status" <> 'PENDING_PAYMENT' OR o."released_at" IS NOT NULL OR p."state" <> 'pending');
