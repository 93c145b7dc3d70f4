// A paid session, whatever it pays for: a new booking's order (complete-checkout.ts) or the difference of
// a change (change-payment.ts). The gateway's webhook comes here.
import { completeCheckout } from '../checkout/complete-checkout';
import type { CheckoutDeps } from '../checkout/deps';
import { changeBySession, completeChangePayment } from './change-payment';

export async function completePayment(deps: CheckoutDeps, paymentSessionId: string): Promise<{ outcome: string }> {
  if (await changeBySession(deps.db, paymentSessionId)) return completeChangePayment(deps, paymentSessionId);
  return completeCheckout(deps, paymentSessionId);
}
