DROP INDEX "member_points_earned_idx";--> statement-breakpoint
CREATE INDEX "member_points_earned_idx" ON "member_points" USING btree ("earned_at","state","points","spent","expires_on");