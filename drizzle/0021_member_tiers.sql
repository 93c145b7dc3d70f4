CREATE TABLE "member_tier_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"from_tier" text,
	"to_tier" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tiers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tier_id" text NOT NULL,
	"visits" integer NOT NULL,
	"recompute_on" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"visit_date" text NOT NULL,
	"booking_uuid" text NOT NULL,
	"booking_reference" text NOT NULL,
	"counted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_tier_changes" ADD CONSTRAINT "member_tier_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tiers" ADD CONSTRAINT "member_tiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_visits" ADD CONSTRAINT "member_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tier_changes_user_idx" ON "member_tier_changes" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "member_tier_changes_at_idx" ON "member_tier_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "member_tiers_recompute_idx" ON "member_tiers" USING btree ("recompute_on");--> statement-breakpoint
CREATE INDEX "member_tiers_tier_idx" ON "member_tiers" USING btree ("tier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_visits_once_a_day" ON "member_visits" USING btree ("user_id","visit_date");--> statement-breakpoint
CREATE INDEX "member_visits_booking_idx" ON "member_visits" USING btree ("booking_uuid");--> statement-breakpoint
-- hand-written: the visits of admissions made before the program (decision 0036): one per member and visit
-- date, held by the first admitted booking of that date. The first `program.tiers` run computes the tiers of
-- their members (members with visits and no tier yet).
INSERT INTO "member_visits" ("user_id", "visit_date", "booking_uuid", "booking_reference", "counted_at")
SELECT DISTINCT ON (o."user_id", split_part(o."availability_id", 'T', 1))
  o."user_id", split_part(o."availability_id", 'T', 1), o."booking_uuid", o."supplier_reference", a."first_at"
FROM "orders" o
JOIN (
  SELECT "booking_uuid", min("redeemed_at") AS "first_at" FROM "ticket_redemptions" WHERE "undone_at" IS NULL GROUP BY "booking_uuid"
) a ON a."booking_uuid" = o."booking_uuid"
WHERE o."status" = 'CONFIRMED'
ORDER BY o."user_id", split_part(o."availability_id", 'T', 1), a."first_at"
ON CONFLICT DO NOTHING;
