CREATE TABLE "catalog_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"edited_by" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
