// Completing a booking's payment, for callers that want the order back (the card form, /checkout's
// refetch, the release of an older hold): the one completion path (modules/payments/complete-payment.ts),
// then the order as it stands.
import { eq } from 'drizzle-orm';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { completePayment, type PaymentOutcome } from '../payments/complete-payment';
import type { CheckoutDeps } from './deps';
import type { OrderRow } from './order-view';

export type Completion = { order: OrderRow; outcome: PaymentOutcome };

export async function completeCheckout(deps: CheckoutDeps, paymentSessionId: string): Promise<Completion> {
  const { payment, outcome } = await completePayment(deps, paymentSessionId);
  const [order] = payment.purpose === 'order' ? await deps.db.select().from(orders).where(eq(orders.id, payment.referenceId)) : [];
  if (!order) throw new AppError('NOT_FOUND', 'noPaymentSession');
  return { order, outcome };
}
