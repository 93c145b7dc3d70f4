CREATE TABLE "guest_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"member_id" text NOT NULL,
	"period" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"friend_id" text,
	"claimed_at" timestamp with time zone,
	"order_id" uuid,
	"used_at" timestamp with time zone,
	CONSTRAINT "guest_passes_code_unique" UNIQUE("code"),
	CONSTRAINT "guest_passes_friend_id_unique" UNIQUE("friend_id")
);
--> statement-breakpoint
ALTER TABLE "member_points" DROP CONSTRAINT "member_points_points_positive";--> statement-breakpoint
ALTER TABLE "member_points" DROP CONSTRAINT "member_points_spent_within";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_positive";--> statement-breakpoint
ALTER TABLE "member_points" ADD COLUMN "drawn_from" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reward_reason" text;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_passes" ADD CONSTRAINT "guest_passes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guest_passes_member_period" ON "guest_passes" USING btree ("member_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "guest_passes_order" ON "guest_passes" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_points_order_spend_once" ON "member_points" USING btree ("order_id") WHERE reason like 'reward:%';--> statement-breakpoint
CREATE UNIQUE INDEX "member_points_referral_once" ON "member_points" USING btree ("order_id") WHERE reason = 'referral';--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_points_signed" CHECK ("member_points"."points" <> 0 and (case when "member_points"."reason" like 'reward:%' then "member_points"."points" < 0 when "member_points"."reason" = 'adjustment' then true else "member_points"."points" > 0 end));--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_spent_within" CHECK ("member_points"."spent" >= 0 and "member_points"."spent" <= greatest("member_points"."points", 0));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_charged" CHECK ("payments"."amount" > 0 or ("payments"."amount" = 0 and left("payments"."gateway_session_id", 5) = 'free_'));
