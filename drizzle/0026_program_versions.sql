CREATE TABLE "program_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"edited_by" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_points" DROP CONSTRAINT "member_points_points_positive";--> statement-breakpoint
ALTER TABLE "member_points" DROP CONSTRAINT "member_points_spent_within";--> statement-breakpoint
ALTER TABLE "member_points" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "member_points" ADD COLUMN "adjusted_by" text;--> statement-breakpoint
CREATE INDEX "member_points_earned_idx" ON "member_points" USING btree ("earned_at");--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_points_positive" CHECK ("member_points"."points" > 0 or ("member_points"."reason" = 'adjustment' and "member_points"."points" < 0));--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_spent_within" CHECK ("member_points"."spent" >= 0 and "member_points"."spent" <= greatest("member_points"."points", 0));