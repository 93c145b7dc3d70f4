ALTER TABLE "booking_changes" DROP CONSTRAINT "booking_changes_payment_session_id_unique";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_session_id_unique";--> statement-breakpoint
DROP INDEX "booking_changes_payment_check_idx";--> statement-breakpoint
DROP INDEX "orders_payment_check_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "payment_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_cancellations" DROP COLUMN "refund_status";--> statement-breakpoint
ALTER TABLE "booking_cancellations" DROP COLUMN "last_error";--> statement-breakpoint
ALTER TABLE "booking_cancellations" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "payment_session_id";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "payment_session";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "paid_at";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "completion_lease_until";--> statement-breakpoint
ALTER TABLE "booking_changes" DROP COLUMN "next_payment_check_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_provider";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_session_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "payment_session";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_amount";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "next_payment_check_at";