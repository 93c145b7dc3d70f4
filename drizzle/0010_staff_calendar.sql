CREATE TABLE "capacity_overrides" (
	"option_id" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_overrides_option_id_slot_start_pk" PRIMARY KEY("option_id","slot_start")
);
--> statement-breakpoint
CREATE TABLE "day_closures" (
	"local_date" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"closed_by" text,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
