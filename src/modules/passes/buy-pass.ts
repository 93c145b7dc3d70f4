// Buying an annual pass, for oneself or as a gift, and renewing one (decision 0051): the pass (or the
// renewal) and its payment recorded together in the one payments ledger, purpose `annual_pass`, whose
// reference is a row of `pass_payments`; the pass is given or extended when that payment completes
// (complete-pass-payment.ts).
import crypto from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import { ATTRACTION, TIME_ZONE } from '@/config/attraction';
import type { CheckoutSession } from '@/ports/payments';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { annualPasses, passPayments } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { canRenew } from '@/universal/annual-pass-rules';
import { todayIn } from '@/universal/local-date';
import { normalizeEmail } from '@/universal/normalize-email';
import type { CheckoutDeps } from '../checkout/deps';
import { newGiftCardCode } from '../gift-cards/gift-card-code';
import { openPurchasePayment } from '../payments/open-purchase-payment';
import { annualPassConfig } from './pass-config';

export type PassPurchase = { passId: string; passPaymentId: string; paymentSession: CheckoutSession };

async function openPassPayment(
  deps: CheckoutDeps,
  buyerEmail: string,
  locale: string,
  now: Date,
  record: (tx: Database, paymentId: string, passPaymentId: string) => Promise<void>,
  passId: string,
  kind: 'purchase' | 'renewal',
): Promise<PassPurchase> {
  const config = annualPassConfig();
  const passPaymentId = crypto.randomUUID();
  const purchase = {
    purpose: 'annual_pass' as const,
    referenceId: passPaymentId,
    amount: config.price,
    description: 'annual pass',
    customerEmail: buyerEmail,
    returnTo: { path: '/profile', query: `?pass=${encodeURIComponent(passId)}` },
    locale,
    now,
  };
  const session = await openPurchasePayment(deps, purchase, async (tx, paymentId) => {
    await record(tx, paymentId, passPaymentId);
    await tx.insert(passPayments).values({ id: passPaymentId, passId, kind, amount: config.price, currency: ATTRACTION.currency, paymentId, createdAt: now });
  });
  return { passId, passPaymentId, paymentSession: session };
}

/** A pass for the buyer, or, with `recipientEmail`, a gift claimed by its recipient once paid. */
export async function buyPass(deps: CheckoutDeps, buyer: { userId: string; email: string }, gift: { recipientEmail?: string | undefined }, locale: string): Promise<PassPurchase> {
  const now = deps.now?.() ?? serverNow();
  const recipientEmail = gift.recipientEmail?.trim() ? normalizeEmail(gift.recipientEmail) : null;
  if (recipientEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipientEmail)) throw new AppError('VALIDATION', 'passRecipientEmail');
  // One's own pass is renewed, not bought twice; a gift may be bought by anyone.
  if (!recipientEmail) {
    const [held] = await deps.db
      .select({ endsOn: annualPasses.endsOn })
      .from(annualPasses)
      .where(and(eq(annualPasses.holderUserId, buyer.userId), eq(annualPasses.status, 'ACTIVE'), gte(annualPasses.endsOn, todayIn(TIME_ZONE, now))))
      .limit(1);
    if (held) throw new AppError('PASS_REFUSED', 'passAlreadyHeld');
  }
  const passId = crypto.randomUUID();
  return openPassPayment(
    deps,
    buyer.email,
    locale,
    now,
    async (tx) => {
      await tx.insert(annualPasses).values({
        id: passId,
        code: newGiftCardCode(),
        status: 'PENDING_PAYMENT',
        buyerUserId: buyer.userId,
        buyerEmail: buyer.email,
        recipientEmail,
        locale,
        createdAt: now,
      });
    },
    passId,
    'purchase',
  );
}

/** A renewal of the holder's active pass, from `renewFromDaysBefore` days before its end: paid, it extends
 * the end by a year from the old end. */
export async function renewPass(deps: CheckoutDeps, holder: { userId: string; email: string }, passId: string, locale: string): Promise<PassPurchase> {
  const now = deps.now?.() ?? serverNow();
  const [pass] = await deps.db.select().from(annualPasses).where(and(eq(annualPasses.id, passId), eq(annualPasses.holderUserId, holder.userId)));
  if (!pass) throw new AppError('NOT_FOUND', 'passNotFound');
  if (!canRenew(pass, todayIn(TIME_ZONE, now), annualPassConfig())) throw new AppError('PASS_REFUSED', 'passNotRenewable');
  return openPassPayment(deps, holder.email, locale, now, async () => {}, pass.id, 'renewal');
}
