// Real adapter: Stripe Checkout in embedded mode (docs.stripe.com/payments/checkout), through Stripe's
// official Node library (ADR 0011). Sessions are created with the secret key; the browser mounts them
// with the publishable key; completion arrives by the signed webhook and is checked against the
// session itself.
import Stripe from 'stripe';
import { PaymentError, type PaymentGateway } from '@/ports/payments';

export type StripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (STRIPE_API_BASE): tests point it at a local stand-in. */
  apiBase?: string;
};

/** How long a webhook's signature stays good: Stripe's default, 5 minutes. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The SDK's host, port and protocol options for an address such as http://127.0.0.1:4010. */
function hostOptions(apiBase: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiBase);
  const protocol = url.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https') throw new Error(`STRIPE_API_BASE must be an http(s) address, not ${apiBase}`);
  return { host: url.hostname, port: url.port || (protocol === 'https' ? 443 : 80), protocol };
}

/** Runs a call to Stripe; what goes wrong becomes a PaymentError. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || !(error instanceof Stripe.errors.StripeError)) {
      throw new PaymentError('gateway_failed', `Stripe could not be reached: ${(error as Error).message}`);
    }
    if (error.statusCode === 404) throw new PaymentError('not_found', error.message);
    throw new PaymentError('gateway_failed', error.message || `Stripe answered ${error.statusCode ?? 'unexpectedly'}`);
  }
}

export function createStripeGateway({ secretKey, publishableKey, webhookSecret, apiBase }: StripeConfig): PaymentGateway {
  const stripe = new Stripe(secretKey, {
    timeout: 10_000,
    // Retries of POSTs carry an idempotency key, so a retried create or refund happens once.
    maxNetworkRetries: 2,
    ...(apiBase ? hostOptions(apiBase) : {}),
  });

  const retrieve = (id: string) => guarded(() => stripe.checkout.sessions.retrieve(id));

  return {
    provider: 'stripe',

    async createSession(input) {
      // Stripe's sessions live at least 30 minutes by Stripe's clock (the real time, hence Date.now); a payment
      // after our hold ends is refunded.
      const expiresAt = Math.max(Math.ceil(input.expiresAt.getTime() / 1000), Math.ceil(Date.now() / 1000) + 30 * 60 + 5);
      const session = await guarded(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // Embedded Checkout; the API version the SDK pins calls it `embedded_page` (was `embedded`).
            ui_mode: 'embedded_page',
            return_url: input.returnUrl,
            customer_email: input.customerEmail,
            client_reference_id: input.reference,
            expires_at: expiresAt,
            metadata: { bookingUuid: input.reference },
            line_items: [{ quantity: 1, price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amount, product_data: { name: input.description } } }],
          },
          { idempotencyKey: `session-${input.reference}` },
        ),
      );
      return {
        provider: 'stripe',
        id: session.id,
        amount: session.amount_total ?? input.amount,
        currency: (session.currency ?? input.currency).toUpperCase(),
        expiresAt: input.expiresAt.toISOString(),
        clientSecret: session.client_secret,
        publishableKey,
      };
    },

    async getState(id) {
      const session = await retrieve(id);
      const paid = session.payment_status === 'paid';
      return {
        status: paid ? 'paid' : session.status === 'expired' ? 'expired' : 'open',
        amountPaid: paid ? (session.amount_total ?? 0) : 0,
        currency: (session.currency ?? '').toUpperCase(),
      };
    },

    async closeSession(id) {
      const session = await retrieve(id);
      if (session.status === 'open') await guarded(() => stripe.checkout.sessions.expire(id));
    },

    async refund(id, amount, key) {
      const session = await retrieve(id);
      const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) return { refundId: null };
      // The idempotency key makes a second refund of the same session a no-op at Stripe.
      const refund = await guarded(() => stripe.refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey: key ? `refund-${id}-${key}` : `refund-${id}` }));
      return { refundId: refund.id };
    },

    readWebhook(payload, signature) {
      if (!signature) throw new PaymentError('invalid_signature', 'The event carries no signature');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new PaymentError('invalid_signature', 'The signature does not match');
        throw new PaymentError('invalid_signature', error instanceof SyntaxError ? 'The event is not valid JSON' : 'The event cannot be read');
      }
      const type: string = event.type ?? '';
      const completing = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
      // Read loosely: a signed event is Stripe's, but its shape follows the endpoint's API version.
      const object = (event as { data?: { object?: { id?: unknown } } }).data?.object;
      return { type, completedSessionId: completing && typeof object?.id === 'string' ? object.id : null };
    },
  };
}
