// What /checkout shows for one of the member's bookings: its payment session, expiry and order. The checkout
// page renders it on the server when its address names the booking (a waitlist offer, Stripe's return), and
// refetchSession answers it to the browser. A paid session that was not completed yet (a lost webhook)
// completes here, through the one completion path of the payments ledger.
import { completeCheckout } from './complete-checkout';
import type { CheckoutDeps } from './deps';
import { memberOrder } from './member-orders';
import { orderView, paymentSessionView, type OrderView, type PaymentSessionView } from './order-view';
import { paymentById, sessionOf } from '@/modules/payments/ledger';

export type MemberPaymentSession = { paymentSession: PaymentSessionView; expirationTime: string; order: OrderView };

/** Someone else's booking id throws the same NOT_FOUND as an unknown one (memberOrder). */
export async function memberPaymentSession(deps: CheckoutDeps, userId: string, bookingUuid: string): Promise<MemberPaymentSession> {
  let order = await memberOrder(deps.db, userId, bookingUuid);
  const payment = await paymentById(deps.db, order.paymentId);
  if (order.status === 'PENDING_PAYMENT') order = (await completeCheckout(deps, payment.gatewaySessionId)).order;
  return { paymentSession: paymentSessionView(order, sessionOf(payment)), expirationTime: order.holdExpiresAt.toISOString(), order: orderView(order) };
}
