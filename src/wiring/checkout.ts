// The checkout use cases' collaborators, as this server is configured.
import { getMailTransport } from './mail';
import { getPaymentGateway } from './payments';
import { getSupplier } from './supplier';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';

export async function getCheckoutDeps(): Promise<CheckoutDeps> {
  const env = getEnv();
  return {
    db: await getDb(),
    supplier: await getSupplier(),
    gateway: await getPaymentGateway(),
    mail: getMailTransport(),
    holdMinutes: env.PAYMENT_HOLD_MINUTES,
    unpaidBookingsPerMember: env.UNPAID_BOOKINGS_PER_MEMBER,
    siteUrl: env.siteUrl,
    now: serverNow,
  };
}
