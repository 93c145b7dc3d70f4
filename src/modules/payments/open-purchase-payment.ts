// A purchase paid through the one payments ledger (decision 0028) for a purpose of its own — a gift card
// (decision 0047), an annual pass or its renewal (decision 0051): the gateway's session for the amount, open
// PURCHASE_PAYMENT_MINUTES and coming back to the buyer's page in their language; then, in one transaction,
// the ledger's payment and the purchase's own rows (`record`): both are kept, or neither.
import { ATTRACTION } from '@/config/attraction';
import { DEFAULT_LOCALE, isLocale } from '@/config/locales';
import type { CheckoutSession } from '@/ports/payments';
import type { Database } from '@/server/db/client';
import type { PaymentPurpose } from '@/server/db/schema';
import { localizedPath } from '@/universal/localized-path';
import type { CheckoutDeps } from '../checkout/deps';
import { recordPayment } from './ledger';

/** How long the payment form stays open. */
export const PURCHASE_PAYMENT_MINUTES = 30;

export type PurchasePayment = {
  purpose: PaymentPurpose;
  /** The session's and the ledger's reference: the row the purchase records. */
  referenceId: string;
  amount: number;
  /** What the payment form says is bought, after the attraction's name ('gift card'). */
  description: string;
  customerEmail: string;
  /** The page the buyer comes back to, without its language ('/gift-cards'), and what follows it ('?card=…'). */
  returnTo: { path: string; query: string };
  locale: string;
  now: Date;
};

/** Opens the payment of `purchase` and records it with `record`'s rows (given the ledger payment's id). */
export async function openPurchasePayment(deps: CheckoutDeps, purchase: PurchasePayment, record: (tx: Database, paymentId: string) => Promise<void>): Promise<CheckoutSession> {
  const { locale, now, returnTo } = purchase;
  const session = await deps.gateway.createSession({
    amount: purchase.amount,
    currency: ATTRACTION.currency,
    reference: purchase.referenceId,
    description: `${ATTRACTION.name} ${purchase.description}`,
    customerEmail: purchase.customerEmail,
    expiresAt: new Date(now.getTime() + PURCHASE_PAYMENT_MINUTES * 60_000),
    returnUrl: `${deps.siteUrl}${localizedPath(returnTo.path, isLocale(locale) ? locale : DEFAULT_LOCALE)}${returnTo.query}`,
  });
  await deps.db.transaction(async (tx) => {
    const payment = await recordPayment(tx, deps.gateway, { purpose: purchase.purpose, referenceId: purchase.referenceId, session }, now);
    await record(tx, payment.id);
  });
  return session;
}
