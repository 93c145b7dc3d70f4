// POST /api/staff/sell/pay {sessionId, card, email?}: the counter's card form for a box-office sale, on the
// built-in test gateway (decision 0053): charges the card, completes the payment through the one path
// (modules/payments/complete-payment.ts) and answers the order with its tickets.
import { z } from 'zod';
import { getTestGateway } from '@/wiring/payments';
import { PaymentError } from '@/ports/payments';
import { counterCardPaid, counterCardPayment } from '@/modules/box-office/sell';
import { emailSchema } from '@/modules/accounts/email';
import { jsonRoute } from '@/http/route';
import { getCheckoutDeps } from '@/wiring/checkout';
import { AppError, type ErrorKey } from '@/server/errors';

const PAYMENT_REFUSALS: Partial<Record<PaymentError['code'], ErrorKey>> = {
  card_declined: 'cardDeclined',
  insufficient_funds: 'insufficientFunds',
  invalid_card: 'cardInvalid',
  session_closed: 'paymentSessionClosed',
};

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'boxoffice',
  body: z.strictObject({
    sessionId: z.string().min(1).max(100),
    card: z.strictObject({ number: z.string().max(30), expMonth: z.number().int(), expYear: z.number().int(), cvc: z.string().max(4) }),
    email: z.union([z.literal(''), emailSchema]).optional(),
  }),
  async handle({ body: { sessionId, card, email } }) {
    const gateway = await getTestGateway();
    if (!gateway) throw new AppError('NOT_FOUND', 'testGatewayOff');
    const deps = await getCheckoutDeps();
    const { payment } = await counterCardPayment(deps, sessionId);
    if (payment.state === 'expired') throw new AppError('PAYMENT_FAILED', 'paymentSessionClosed');
    if (payment.state === 'pending') {
      try {
        await gateway.pay(sessionId, card);
      } catch (error) {
        if (!(error instanceof PaymentError) || error.code === 'not_found' || error.code === 'gateway_failed') throw error;
        // A session paid already (a second tap) goes on to completion; a refused card changes nothing.
        const { status } = error.code === 'session_closed' ? await gateway.getState(sessionId) : { status: 'open' };
        if (status === 'open' || status === 'expired') throw new AppError('PAYMENT_FAILED', PAYMENT_REFUSALS[error.code] ?? 'cardInvalid');
      }
    }
    return { status: 200, body: await counterCardPaid(deps, sessionId, email || undefined) };
  },
});
