ALTER TABLE "octo_webhook_deliveries" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "wallet_pushes" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "octo_webhook_deliveries" CASCADE;--> statement-breakpoint
DROP TABLE "wallet_pushes" CASCADE;--> statement-breakpoint
DROP INDEX "mail_queue_due_idx";--> statement-breakpoint
DROP INDEX "token_issues_due_idx";--> statement-breakpoint
ALTER TABLE "mail_queue" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "mail_queue" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "mail_queue" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "token_issues" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "token_issues" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "token_issues" DROP COLUMN "last_error";