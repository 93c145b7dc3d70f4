CREATE TABLE "octo_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" text NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "octo_webhooks" (
	"id" text PRIMARY KEY NOT NULL,
	"reseller_id" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_options" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "octo_webhook_deliveries" ADD CONSTRAINT "octo_webhook_deliveries_webhook_id_octo_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."octo_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "octo_webhook_deliveries_due_idx" ON "octo_webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "octo_webhook_deliveries_webhook_idx" ON "octo_webhook_deliveries" USING btree ("webhook_id");--> statement-breakpoint
CREATE INDEX "octo_webhooks_event_idx" ON "octo_webhooks" USING btree ("event","reseller_id");