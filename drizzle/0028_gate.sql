CREATE TABLE "deck_exits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admission_id" uuid,
	"ticket_reference" text,
	"gate" text NOT NULL,
	"by_user_id" text,
	"by_email" text,
	"exited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deck_exits" ADD CONSTRAINT "deck_exits_admission_id_ticket_redemptions_id_fk" FOREIGN KEY ("admission_id") REFERENCES "public"."ticket_redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deck_exits_once" ON "deck_exits" USING btree ("admission_id");--> statement-breakpoint
CREATE INDEX "deck_exits_at_idx" ON "deck_exits" USING btree ("exited_at");
