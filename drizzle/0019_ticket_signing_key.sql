CREATE TABLE "ticket_signing_key" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"previous_public_key" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
