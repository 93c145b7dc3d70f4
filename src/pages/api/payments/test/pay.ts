// POST /api/payments/test/pay {sessionId, card}: the built-in test gateway's card form. Charges the card,
// then completes the checkout as a real gateway's webhook would.
import { z } from 'zod';
import { getTestGateway } from '@/adapters/payments';
import { PaymentError } from '@/adapters/payments/port';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { memberOrderBySession } from '@/modules/checkout/member-orders';
import { orderView } from '@/modules/checkout/order-view';
import { jsonRoute } from '@/server/api/json-route';
import { kickLoyaltyWorker } from '@/server/loyalty-worker';
import { requireApiMember } from '@/server/auth/require-api-member';
import { getCheckoutDeps } from '@/server/checkout-deps';
import { AppError } from '@/server/errors';

// jsonRoute reads the body itself, with a size limit and JSON errors of its own.
export const config = { api: { bodyParser: false } };

const body = z.strictObject({
  sessionId: z.string().min(1).max(100),
  card: z.strictObject({
    number: z.string().max(30),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(4),
  }),
});

export default jsonRoute({
  method: 'POST',
  body,
  async handle({ req, res, body: { sessionId, card } }) {
    const member = await requireApiMember(req, res);
    const gateway = await getTestGateway();
    if (!gateway) throw new AppError(404, 'NOT_FOUND', 'The test gateway is not in use');
    const deps = await getCheckoutDeps();
    const order = await memberOrderBySession(deps.db, member.userId, sessionId);
    if (order.status === 'PENDING_PAYMENT') {
      try {
        await gateway.pay(sessionId, card);
      } catch (error) {
        if (!(error instanceof PaymentError) || error.code === 'not_found' || error.code === 'gateway_failed') throw error;
        // A session paid already (a second click) goes on to completion; a refused card changes nothing.
        if (error.code !== 'session_closed' || (await gateway.getState(sessionId)).status === 'open') {
          throw new AppError(402, 'PAYMENT_FAILED', error.message, {}, `payment.${error.code}`);
        }
      }
    }
    const { order: completed } = await completeCheckout(deps, sessionId);
    kickLoyaltyWorker();
    return { status: 200, body: { order: orderView(completed) } };
  },
});
