// How the member pays a session: Stripe's embedded checkout when Stripe is the gateway, else the test
// gateway's card form. Used by /checkout and by a change of a booking that costs more.
import type { CheckoutSession } from '@/ports/payments';
import type { OrderView } from '@/modules/checkout/order-view';
import { StripeEmbeddedCheckout } from './StripeEmbeddedCheckout';
import { TestCardForm } from './TestCardForm';

type Props = { session: CheckoutSession; onPaid: (order: OrderView) => void; onStripeComplete: () => void };

export function PaymentForm({ session, onPaid, onStripeComplete }: Props) {
  return session.provider === 'stripe' && session.clientSecret && session.publishableKey ? (
    <StripeEmbeddedCheckout publishableKey={session.publishableKey} clientSecret={session.clientSecret} onComplete={onStripeComplete} />
  ) : (
    <TestCardForm sessionId={session.id} amount={session.amount} currency={session.currency} onPaid={onPaid} />
  );
}
