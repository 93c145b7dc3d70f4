CREATE TABLE "local_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"issue_id" uuid NOT NULL,
	"drop_id" text NOT NULL,
	"owner" text NOT NULL,
	"minted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_tokens_issue_id_unique" UNIQUE("issue_id")
);
--> statement-breakpoint
CREATE TABLE "poap_mint_links" (
	"qr_hash" text PRIMARY KEY NOT NULL,
	"drop_id" text NOT NULL,
	"taken_by" uuid,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "token_issues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"drop_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"token_id" text,
	"mint_link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "token_issues" ADD CONSTRAINT "token_issues_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "poap_mint_links_free_idx" ON "poap_mint_links" USING btree ("drop_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "token_issues_once" ON "token_issues" USING btree ("user_id","drop_id","source");--> statement-breakpoint
CREATE INDEX "token_issues_due_idx" ON "token_issues" USING btree ("status","next_attempt_at");