CREATE TABLE "annual_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"holder_user_id" text,
	"buyer_user_id" text NOT NULL,
	"buyer_email" text NOT NULL,
	"recipient_email" text,
	"starts_on" text,
	"ends_on" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "annual_passes_code_unique" UNIQUE("code"),
	CONSTRAINT "annual_passes_active_dated" CHECK ("annual_passes"."status" <> 'ACTIVE' or ("annual_passes"."holder_user_id" is not null and "annual_passes"."starts_on" is not null and "annual_passes"."ends_on" >= "annual_passes"."starts_on"))
);
--> statement-breakpoint
CREATE TABLE "pass_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pass_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "pass_payments_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "pass_payments_amount_positive" CHECK ("pass_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pass_id" uuid;--> statement-breakpoint
ALTER TABLE "annual_passes" ADD CONSTRAINT "annual_passes_holder_user_id_users_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annual_passes" ADD CONSTRAINT "annual_passes_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_payments" ADD CONSTRAINT "pass_payments_pass_id_annual_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."annual_passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_payments" ADD CONSTRAINT "pass_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "annual_passes_holder_idx" ON "annual_passes" USING btree ("holder_user_id");--> statement-breakpoint
CREATE INDEX "annual_passes_buyer_idx" ON "annual_passes" USING btree ("buyer_user_id");--> statement-breakpoint
CREATE INDEX "pass_payments_pass_idx" ON "pass_payments" USING btree ("pass_id");--> statement-breakpoint
CREATE INDEX "pass_payments_paid_idx" ON "pass_payments" USING btree ("paid_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pass_id_annual_passes_id_fk" FOREIGN KEY ("pass_id") REFERENCES "public"."annual_passes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pass_idx" ON "orders" USING btree ("pass_id");