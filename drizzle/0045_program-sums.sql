CREATE TABLE "points_days" (
	"date" text NOT NULL,
	"expires_on" text NOT NULL,
	"earned" bigint NOT NULL,
	"spent" bigint NOT NULL,
	"expired" bigint NOT NULL,
	"unspent" bigint NOT NULL,
	CONSTRAINT "points_days_date_expires_on_pk" PRIMARY KEY("date","expires_on")
);
--> statement-breakpoint
DROP INDEX "member_visits_date_idx";--> statement-breakpoint
-- Lines written before the stamp existed: 1970, so that none looks changed since the summing job's runs (the
-- job's first run sums every day); a constant default adds the column without rewriting the table.
ALTER TABLE "member_points" ADD COLUMN "updated_at" timestamp with time zone DEFAULT '1970-01-01T00:00:00Z' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_points" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "member_visits" ADD COLUMN "previous_visit_date" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_visits" ADD COLUMN "next_visit_date" text;--> statement-breakpoint
-- Each member's visits linked to the one before and after (decision 0064), before their indexes are built.
UPDATE "member_visits" v SET "previous_visit_date" = coalesce(w.previous, ''), "next_visit_date" = w.next
FROM (SELECT id, lag(visit_date) OVER member AS previous, lead(visit_date) OVER member AS next
      FROM "member_visits" WINDOW member AS (PARTITION BY user_id ORDER BY visit_date)) w
WHERE w.id = v.id AND (w.previous IS NOT NULL OR w.next IS NOT NULL);--> statement-breakpoint
CREATE INDEX "member_points_updated_idx" ON "member_points" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "member_points_expired_idx" ON "member_points" USING btree ("closed_at","points","spent") WHERE state = 'expired';--> statement-breakpoint
CREATE INDEX "member_visits_previous_idx" ON "member_visits" USING btree ("previous_visit_date","visit_date","next_visit_date");--> statement-breakpoint
CREATE INDEX "member_visits_date_idx" ON "member_visits" USING btree ("visit_date","previous_visit_date","next_visit_date");