ALTER TABLE "jobs" ADD COLUMN "lane" text;--> statement-breakpoint
-- hand-written:
-- The deliveries already queued get their webhook's lane, as enqueue now writes it.
UPDATE "jobs" SET "lane" = 'webhook:' || ("payload"->>'webhookId') WHERE "kind" = 'webhook.deliver' AND "lane" IS NULL;
