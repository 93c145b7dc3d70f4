// POST /api/payments/test/pay {sessionId, card}: the built-in test gateway's card form. Charges the card,
// then completes the payment through the one path (modules/payments/complete-payment.ts), as a real
// gateway's webhook would, whatever it pays for; answers the member's order as it stands then.
import { z } from 'zod';
import { getTestGateway } from '@/wiring/payments';
import { PaymentError } from '@/ports/payments';
import { completePayment } from '@/modules/payments/complete-payment';
import { memberPayment } from '@/modules/payments/purposes';
import { memberOrder } from '@/modules/checkout/member-orders';
import { orderView } from '@/modules/checkout/order-view';
import { jsonRoute } from '@/http/route';
import { getCheckoutDeps } from '@/wiring/checkout';
import { AppError, type ErrorKey } from '@/server/errors';

/** A refused card, in the member's words. */
const PAYMENT_REFUSALS: Partial<Record<PaymentError['code'], ErrorKey>> = {
  card_declined: 'cardDeclined',
  insufficient_funds: 'insufficientFunds',
  invalid_card: 'cardInvalid',
  session_closed: 'paymentSessionClosed',
};

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
  access: 'member',
  body,
  async handle({ caller, body: { sessionId, card } }) {
    const gateway = await getTestGateway();
    if (!gateway) throw new AppError('NOT_FOUND', 'testGatewayOff');
    const deps = await getCheckoutDeps();
    async function charge() {
      try {
        await gateway!.pay(sessionId, card);
      } catch (error) {
        if (!(error instanceof PaymentError) || error.code === 'not_found' || error.code === 'gateway_failed') throw error;
        // A session paid already (a second click) goes on to completion; a refused card changes nothing.
        const { status } = error.code === 'session_closed' ? await gateway!.getState(sessionId) : { status: 'open' };
        if (status === 'open' || status === 'expired') {
          throw new AppError('PAYMENT_FAILED', PAYMENT_REFUSALS[error.code] ?? 'cardInvalid');
        }
      }
    }
    // Whatever it pays for (a booking, the difference of a change): the member's own, or unknown.
    const { payment, bookingUuid, payable } = await memberPayment(deps.db, caller.userId, sessionId);
    if (payment.state === 'expired' || (payment.state === 'pending' && !payable)) throw new AppError('PAYMENT_FAILED', 'paymentSessionClosed');
    // A payment already taken (a second click) goes on to completion.
    if (payment.state === 'pending') await charge();
    await completePayment(deps, sessionId);
    // A gift card is no booking: its page reads the card itself.
    if (payment.purpose === 'gift_card') return { status: 200, body: { giftCardId: bookingUuid } };
    // So is an annual pass (decision 0051): the profile reads it.
    if (payment.purpose === 'annual_pass') return { status: 200, body: { passId: bookingUuid } };
    return { status: 200, body: { order: orderView(await memberOrder(deps.db, caller.userId, bookingUuid)) } };
  },
});
