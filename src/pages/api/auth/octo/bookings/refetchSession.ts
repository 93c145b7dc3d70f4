// POST /api/auth/octo/bookings/refetchSession?uuid={bookingId}: the member's own payment session and
// expiry, with the order. A paid session that was not completed yet (a lost webhook) completes here, through
// the one completion path of the payments ledger.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { memberOrder } from '@/modules/checkout/member-orders';
import { orderView, paymentSessionView } from '@/modules/checkout/order-view';
import { paymentById, sessionOf } from '@/modules/payments/ledger';
import { getCheckoutDeps } from '@/wiring/checkout';

const query = z.object({ uuid: z.string({ error: 'noBookingId' }).min(1, 'noBookingId').max(100, 'noBookingId') });

export default jsonRoute({
  method: 'POST',
  access: 'member',
  validationStatus: 400,
  async handle({ req, caller }) {
    const { uuid } = query.parse(req.query);
    const deps = await getCheckoutDeps();
    let order = await memberOrder(deps.db, caller.userId, uuid);
    const payment = await paymentById(deps.db, order.paymentId);
    if (order.status === 'PENDING_PAYMENT') order = (await completeCheckout(deps, payment.gatewaySessionId)).order;
    return {
      status: 200,
      body: { paymentSession: paymentSessionView(order, sessionOf(payment)), expirationTime: order.holdExpiresAt.toISOString(), order: orderView(order) },
    };
  },
});
