CREATE TABLE "apple_pass_registrations" (
	"device_library_id" text NOT NULL,
	"pass_type_id" text NOT NULL,
	"serial_number" text NOT NULL,
	"push_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apple_pass_registrations_device_library_id_pass_type_id_serial_number_pk" PRIMARY KEY("device_library_id","pass_type_id","serial_number")
);
--> statement-breakpoint
CREATE TABLE "wallet_pass_updates" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet" text NOT NULL,
	"target" text NOT NULL,
	"topic" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "wallet_pass_updates" ADD CONSTRAINT "wallet_pass_updates_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_serial_idx" ON "apple_pass_registrations" USING btree ("serial_number");--> statement-breakpoint
CREATE INDEX "wallet_pushes_due_idx" ON "wallet_pushes" USING btree ("status","next_attempt_at");