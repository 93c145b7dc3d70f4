CREATE TABLE "till_shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_user_id" text NOT NULL,
	"staff_email" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"float_cents" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"expected_cents" integer,
	"counted_cents" integer,
	CONSTRAINT "till_shifts_amounts" CHECK ("till_shifts"."float_cents" >= 0 and ("till_shifts"."counted_cents" is null or "till_shifts"."counted_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "till_shift_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "till_shift_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "till_shifts_one_open" ON "till_shifts" USING btree ("staff_user_id") WHERE status = 'OPEN';--> statement-breakpoint
CREATE INDEX "till_shifts_opened_idx" ON "till_shifts" USING btree ("opened_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_till_shift_id_till_shifts_id_fk" FOREIGN KEY ("till_shift_id") REFERENCES "public"."till_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_till_shift_id_till_shifts_id_fk" FOREIGN KEY ("till_shift_id") REFERENCES "public"."till_shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_till_shift_idx" ON "payments" USING btree ("till_shift_id");--> statement-breakpoint
CREATE INDEX "refunds_till_shift_idx" ON "refunds" USING btree ("till_shift_id");