CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "jobs_kind_status_idx" ON "jobs" USING btree ("kind","status");--> statement-breakpoint
-- hand-written: the work waiting in the four old queues becomes jobs (their retry columns and the two queue tables go in 0015)
INSERT INTO "jobs" ("kind", "payload", "run_at", "max_attempts", "dedupe_key")
SELECT 'mail.send', jsonb_build_object('idempotencyKey', "idempotency_key"), now(), 50, 'mail:' || "idempotency_key" FROM "mail_queue" WHERE "status" = 'pending';--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "run_at", "max_attempts", "dedupe_key")
SELECT 'loyalty.issue', jsonb_build_object('issueId', "id"), "next_attempt_at", 100, 'loyalty.issue:' || "id" FROM "token_issues" WHERE "status" = 'pending';--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "status", "run_at", "attempts", "max_attempts", "last_error", "created_at", "finished_at")
SELECT 'webhook.deliver', jsonb_build_object('webhookId', "webhook_id", 'event', "event", 'body', "body"), "status", "next_attempt_at", "attempts", 12, "last_error", "created_at",
  CASE WHEN "status" = 'failed' THEN now() END
FROM "octo_webhook_deliveries" WHERE "status" IN ('pending', 'failed');--> statement-breakpoint
INSERT INTO "jobs" ("kind", "payload", "status", "run_at", "attempts", "max_attempts", "last_error", "created_at", "finished_at")
SELECT 'wallet.push', jsonb_build_object('wallet', "wallet", 'target', "target", 'topic', "topic"), "status", "next_attempt_at", "attempts", 12, "last_error", "created_at",
  CASE WHEN "status" = 'failed' THEN now() END
FROM "wallet_pushes" WHERE "status" IN ('pending', 'failed');
