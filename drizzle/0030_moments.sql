CREATE TABLE "member_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"challenge_id" text NOT NULL,
	"completed_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_wallet_cards" (
	"user_id" text PRIMARY KEY NOT NULL,
	"serial_number" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_wallet_cards_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
ALTER TABLE "member_challenges" ADD CONSTRAINT "member_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_wallet_cards" ADD CONSTRAINT "member_wallet_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_challenges_once" ON "member_challenges" USING btree ("user_id","challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_points_challenge_once" ON "member_points" USING btree ("user_id","reason") WHERE reason like 'challenge:%';
