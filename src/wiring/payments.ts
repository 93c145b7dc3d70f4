// The payment gateway: Stripe when STRIPE_SECRET_KEY is set, else the built-in test gateway.
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import type { PaymentGateway } from '@/ports/payments';
import { createStripeGateway } from '@/adapters/payments/stripe';
import { createTestGateway, type TestGateway } from '@/adapters/payments/test-gateway';

let gateway: Promise<PaymentGateway> | undefined;

export function getPaymentGateway(): Promise<PaymentGateway> {
  gateway ??= (async () => {
    const env = getEnv();
    if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET) {
      return createStripeGateway({
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiBase: env.STRIPE_API_BASE,
      });
    }
    return createTestGateway(await getDb(), serverNow);
  })();
  return gateway;
}

/** The test gateway, when it is the one in use (its card form posts to it). */
export async function getTestGateway(): Promise<TestGateway | undefined> {
  const current = await getPaymentGateway();
  return current.provider === 'test' ? (current as TestGateway) : undefined;
}
