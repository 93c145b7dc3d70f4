// POST /api/auth/octo/bookings/refetchSession?uuid={bookingId}: the member's own payment session and
// expiry, with the order. A paid session that was not completed yet (a lost webhook) completes here.
import { z } from 'zod';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { memberOrder } from '@/modules/checkout/member-orders';
import { orderView, paymentSessionView } from '@/modules/checkout/order-view';
import { jsonRoute } from '@/server/api/json-route';
import { kickLoyaltyWorker } from '@/server/loyalty-worker';
import { requireApiMember } from '@/server/auth/require-api-member';
import { getCheckoutDeps } from '@/server/checkout-deps';

const query = z.object({ uuid: z.string({ error: 'No booking id' }).min(1, 'No booking id').max(100, 'No booking id') });

export default jsonRoute({
  method: 'POST',
  validationStatus: 400,
  async handle({ req, res }) {
    const member = await requireApiMember(req, res);
    const { uuid } = query.parse(req.query);
    const deps = await getCheckoutDeps();
    let order = await memberOrder(deps.db, member.userId, uuid);
    if (order.status === 'PENDING_PAYMENT') order = (await completeCheckout(deps, order.paymentSessionId)).order;
    kickLoyaltyWorker();
    return {
      status: 200,
      body: { paymentSession: paymentSessionView(order), expirationTime: order.holdExpiresAt.toISOString(), order: orderView(order) },
    };
  },
});
