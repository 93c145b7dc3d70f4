CREATE TABLE "tokens_days" (
	"date" text NOT NULL,
	"drop_id" text NOT NULL,
	"issued" integer NOT NULL,
	CONSTRAINT "tokens_days_date_drop_id_pk" PRIMARY KEY("date","drop_id")
);
--> statement-breakpoint
CREATE INDEX "orders_gift_card_idx" ON "orders" USING btree ("payment_id","gift_card_cents") WHERE gift_card_cents > 0;--> statement-breakpoint
CREATE INDEX "orders_addons_idx" ON "orders" USING btree ("payment_id") WHERE addon_cents > 0;