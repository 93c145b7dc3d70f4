// An order that a reward or a guest pass makes free (decision 0042) has nothing to charge: no gateway
// session is opened for it (Stripe opens none for 0), but it is still a payment of the ledger, of 0, so that
// it completes along the one path (complete-payment.ts) and is cancelled, refunded (nothing) and reported
// like any other. Its session id says so, and reads as paid at once.
import type { CheckoutSession, PaymentGateway, PaymentState } from '@/ports/payments';

const PREFIX = 'free_';
/** Cash taken at the box office's till (decision 0053): paid in full when it is recorded, no gateway. */
const CASH_PREFIX = 'cash_';

export function freeSession(orderId: string, currency: string, expiresAt: Date, gateway: PaymentGateway): CheckoutSession {
  return { provider: gateway.provider, id: `${PREFIX}${orderId}`, amount: 0, currency, expiresAt: expiresAt.toISOString(), clientSecret: null, publishableKey: null };
}

export const isFreeSession = (sessionId: string): boolean => sessionId.startsWith(PREFIX);

/** The ledger's session of cash counted into a till: the staff member took `amount` in hand. */
export function cashSession(orderId: string, amount: number, currency: string, expiresAt: Date): CheckoutSession {
  return { provider: 'cash', id: `${CASH_PREFIX}${orderId}`, amount, currency, expiresAt: expiresAt.toISOString(), clientSecret: null, publishableKey: null };
}

export const isCashSession = (sessionId: string): boolean => sessionId.startsWith(CASH_PREFIX);

/** The session's state: the gateway's, or, for a free one, paid (nothing) from the start; for cash, paid in
 * full (it is recorded once the money is in the till). */
export async function sessionState(gateway: PaymentGateway, payment: { gatewaySessionId: string; currency: string; amount: number }): Promise<PaymentState> {
  if (isFreeSession(payment.gatewaySessionId)) return { status: 'paid', amountPaid: 0, currency: payment.currency };
  if (isCashSession(payment.gatewaySessionId)) return { status: 'paid', amountPaid: payment.amount, currency: payment.currency };
  return gateway.getState(payment.gatewaySessionId);
}
