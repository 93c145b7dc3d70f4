DROP INDEX "payments_due_idx";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "next_check_at";--> statement-breakpoint
-- hand-written: every payment still pending at the upgrade gets its payments.check job (the dedupe key is ledger.ts's paymentCheckKey), due at once, as the sweeper asked about every pending payment after a restart
INSERT INTO "jobs" ("kind", "payload", "status", "run_at", "attempts", "max_attempts", "dedupe_key")
SELECT 'payments.check', jsonb_build_object('paymentId', "id"), 'pending', now(), 0, 40, 'payments.check:' || "id"
FROM "payments" WHERE "state" = 'pending'
ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
-- hand-written: the recurring payments.sweep kind is gone; its periods would wait for a handler forever
DELETE FROM "jobs" WHERE "kind" = 'payments.sweep';
