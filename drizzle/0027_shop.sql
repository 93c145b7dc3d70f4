CREATE TABLE "gift_card_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"reference" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_lines_kind" CHECK ("gift_card_lines"."kind" in ('issued', 'redeemed', 'refunded', 'voided')),
	CONSTRAINT "gift_card_lines_sign" CHECK (("gift_card_lines"."kind" in ('issued', 'refunded') and "gift_card_lines"."amount" > 0) or ("gift_card_lines"."kind" in ('redeemed', 'voided') and "gift_card_lines"."amount" < 0))
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"buyer_user_id" text NOT NULL,
	"buyer_email" text NOT NULL,
	"sender_name" text NOT NULL,
	"recipient_name" text,
	"recipient_email" text,
	"message" text,
	"deliver_on" text NOT NULL,
	"locale" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	CONSTRAINT "gift_cards_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_cards_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "gift_cards_amount_positive" CHECK ("gift_cards"."amount" > 0),
	CONSTRAINT "gift_cards_balance_within" CHECK ("gift_cards"."balance" >= 0 and "gift_cards"."balance" <= "gift_cards"."amount")
);
--> statement-breakpoint
ALTER TABLE "gift_card_lines" ADD CONSTRAINT "gift_card_lines_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_lines_card_idx" ON "gift_card_lines" USING btree ("gift_card_id","at");--> statement-breakpoint
CREATE INDEX "gift_cards_buyer_idx" ON "gift_cards" USING btree ("buyer_user_id");
