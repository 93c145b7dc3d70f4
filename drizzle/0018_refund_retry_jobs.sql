-- Custom SQL migration file, put your code below! --
-- hand-written: every refund left pending before refunds became jobs gets its refunds.retry job (decision 0032), due at once; the dedupe key is the one refund-payment.ts gives
INSERT INTO "jobs" ("kind", "payload", "status", "run_at", "attempts", "max_attempts", "dedupe_key")
SELECT 'refunds.retry', jsonb_build_object('refundId', "id"), 'pending', now(), 0, 40, 'refund:' || "id"
FROM "refunds" WHERE "state" = 'pending'
ON CONFLICT ("dedupe_key") DO NOTHING;
