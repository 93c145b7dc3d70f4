ALTER TABLE "jobs" ADD COLUMN "coalesce_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_pending_coalesce_idx" ON "jobs" USING btree ("coalesce_key") WHERE status = 'pending';