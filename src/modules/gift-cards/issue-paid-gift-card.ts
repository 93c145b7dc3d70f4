// The gift card's purpose of a payment (modules/payments/purposes.ts; complete-payment.ts holds the
// payment's lease): a paid card is issued (its first ledger line, its expiry from today) and its delivery
// job planned for the chosen New York date, in the transaction that confirms the payment. A card whose
// payment came short is refunded whole, as an order's is.
import { and, eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentGiftCardRules } from '@/config/gift-cards';
import type { PaymentState } from '@/ports/payments';
import { serverNow } from '@/server/clock';
import { giftCardLines, giftCards, payments } from '@/server/db/schema';
import type { CheckoutDeps } from '../checkout/deps';
import { enqueue } from '../jobs/enqueue';
import type { PaymentRow } from '../payments/ledger';
import { paymentStates } from '../payments/payment-states';
import { refundWhole } from '../payments/refund-payment';
import { giftCardStates } from './gift-card-states';
import { localMidnight } from './local-midnight';

/** The card's one delivery job. */
export const giftCardDeliveryKey = (giftCardId: string) => `giftcards.deliver:${giftCardId}`;

/** `validMonths` after `from`, at the same instant. */
export function monthsAfter(from: Date, months: number): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}

export async function issuePaidGiftCard(deps: CheckoutDeps, payment: PaymentRow, state: PaymentState): Promise<'confirmed' | 'refunded' | 'done-before'> {
  const at = deps.now?.() ?? serverNow();
  const [card] = await deps.db.select().from(giftCards).where(eq(giftCards.id, payment.referenceId));
  if (!card) throw new Error(`payment ${payment.id} pays for no gift card`);
  if (card.status !== 'PENDING_PAYMENT') return 'done-before';

  if (state.amountPaid < payment.amount || state.currency !== payment.currency) {
    if (state.amountPaid > 0) await refundWhole(deps, { payment, amount: Math.min(state.amountPaid, payment.amount), key: 'short', reason: 'gift card paid short' });
    await deps.db
      .update(payments)
      .set({ state: paymentStates.transition(payment.state, 'refunded'), leaseUntil: null })
      .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)));
    return 'refunded';
  }

  const issued = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(giftCards)
      .set({ status: giftCardStates.transition(card.status, 'ACTIVE'), balance: card.amount, issuedAt: at, expiresAt: monthsAfter(at, currentGiftCardRules().validMonths) })
      .where(and(eq(giftCards.id, card.id), eq(giftCards.status, 'PENDING_PAYMENT')))
      .returning();
    if (!row) return undefined;
    await tx.insert(giftCardLines).values({ giftCardId: card.id, kind: 'issued', amount: card.amount, at });
    await tx
      .update(payments)
      .set({ state: paymentStates.transition(payment.state, 'confirmed'), confirmedAt: at, leaseUntil: null })
      .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)));
    // On its date (midnight in New York), or at once for today's.
    const due = localMidnight(card.deliverOn, TIME_ZONE);
    await enqueue(tx, 'giftcards.deliver', { giftCardId: card.id }, { runAt: due > at ? due : at, dedupeKey: giftCardDeliveryKey(card.id) });
    return row;
  });
  return issued ? 'confirmed' : 'done-before';
}
