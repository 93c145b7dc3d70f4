ALTER TABLE "gift_cards" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD COLUMN "refund_to" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "refund_of" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_cancellations" ADD CONSTRAINT "booking_cancellations_refund_to" CHECK ("booking_cancellations"."refund_to" in ('payment', 'gift_card'));--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_bought_or_refund" CHECK (("gift_cards"."payment_id" is null) <> ("gift_cards"."refund_of" is null));