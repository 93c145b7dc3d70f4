CREATE TABLE "onsale_queue" (
	"onsale_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"position" integer,
	"admitted_at" timestamp with time zone,
	"pass_used_at" timestamp with time zone,
	CONSTRAINT "onsale_queue_onsale_id_user_id_pk" PRIMARY KEY("onsale_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "onsales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text DEFAULT 'scheduled' NOT NULL,
	"product_id" text,
	"day" text,
	"opens_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"rate_per_minute" integer NOT NULL,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"next_position" integer DEFAULT 0 NOT NULL,
	"served_through" integer DEFAULT 0 NOT NULL,
	"allowance" double precision DEFAULT 0 NOT NULL,
	"ticked_at" timestamp with time zone,
	"sold_out_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "onsale_queue" ADD CONSTRAINT "onsale_queue_onsale_id_onsales_id_fk" FOREIGN KEY ("onsale_id") REFERENCES "public"."onsales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onsale_queue" ADD CONSTRAINT "onsale_queue_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onsale_queue_position" ON "onsale_queue" USING btree ("onsale_id","position");--> statement-breakpoint
CREATE INDEX "onsales_status_idx" ON "onsales" USING btree ("status","opens_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");