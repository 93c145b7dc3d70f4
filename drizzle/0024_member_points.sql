CREATE TABLE "member_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	"points" integer NOT NULL,
	"spent" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"order_id" uuid,
	"booking_uuid" text,
	"booking_reference" text,
	"ticket_reference" text,
	"unit_id" text,
	"earned_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"expires_on" text,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	CONSTRAINT "member_points_points_positive" CHECK ("member_points"."points" > 0),
	CONSTRAINT "member_points_spent_within" CHECK ("member_points"."spent" >= 0 and "member_points"."spent" <= "member_points"."points")
);
--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_points" ADD CONSTRAINT "member_points_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_points_ticket_once" ON "member_points" USING btree ("booking_uuid","ticket_reference") WHERE reason = 'ticket';--> statement-breakpoint
CREATE INDEX "member_points_user_idx" ON "member_points" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "member_points_booking_idx" ON "member_points" USING btree ("booking_uuid");--> statement-breakpoint
CREATE INDEX "member_points_expiry_idx" ON "member_points" USING btree ("expires_on") WHERE state = 'confirmed';