// The checkout use cases' collaborators, as this server is configured.
import { getMailTransport } from '../adapters/mail';
import { getPaymentGateway } from '../adapters/payments';
import { getSupplier } from '../adapters/supplier';
import type { CheckoutDeps } from '../modules/checkout/deps';
import { getDb } from './db/client';
import { getEnv } from './env';

export async function getCheckoutDeps(): Promise<CheckoutDeps> {
  const env = getEnv();
  return {
    db: await getDb(),
    supplier: await getSupplier(),
    gateway: await getPaymentGateway(),
    mail: getMailTransport(),
    holdMinutes: env.PAYMENT_HOLD_MINUTES,
    siteUrl: process.env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`,
  };
}
