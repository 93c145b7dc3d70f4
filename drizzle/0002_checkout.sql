CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_uuid" text NOT NULL,
	"supplier_reference" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"product_id" text NOT NULL,
	"option_id" text NOT NULL,
	"product_title" text NOT NULL,
	"option_title" text NOT NULL,
	"availability_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"locale" text NOT NULL,
	"payment_provider" text NOT NULL,
	"payment_session_id" text NOT NULL,
	"payment_session" jsonb NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"tickets" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"tickets_sent_at" timestamp with time zone,
	"completion_lease_until" timestamp with time zone,
	CONSTRAINT "orders_booking_uuid_unique" UNIQUE("booking_uuid"),
	CONSTRAINT "orders_payment_session_id_unique" UNIQUE("payment_session_id")
);
--> statement-breakpoint
CREATE TABLE "test_payment_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"declines" integer DEFAULT 0 NOT NULL,
	"card_last4" text,
	"paid_at" timestamp with time zone,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");