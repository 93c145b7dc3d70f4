// The annual pass's purpose of a payment (modules/payments/purposes.ts; complete-payment.ts holds the
// payment's lease), decision 0051. A paid purchase gives the pass: to its buyer, ACTIVE for a year from
// today; as a gift, UNCLAIMED, with the recipient's e-mail queued (the mail queue sends it) to claim it. A
// paid renewal moves the end a year on from the old end. Each in the transaction that confirms the payment,
// once (`pass_payments.paid_at`). A payment that came short is refunded whole, as an order's is.
import { and, eq, isNull } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { PaymentState } from '@/ports/payments';
import { serverNow } from '@/server/clock';
import { annualPasses, passPayments, payments } from '@/server/db/schema';
import { passEndAfterRenewal, passEndFrom } from '@/universal/annual-pass-rules';
import { todayIn } from '@/universal/local-date';
import type { CheckoutDeps } from '../checkout/deps';
import { enqueueMail, sendMailNow } from '../email/mail-queue';
import type { PaymentRow } from '../payments/ledger';
import { paymentStates } from '../payments/payment-states';
import { refundWhole } from '../payments/refund-payment';
import { log } from '@/server/log';
import { annualPassConfig } from './pass-config';
import { passStates } from './pass-states';
import { renderPassGiftEmail } from './pass-email';

export async function completePassPayment(deps: CheckoutDeps, payment: PaymentRow, state: PaymentState): Promise<'confirmed' | 'refunded' | 'done-before'> {
  const at = deps.now?.() ?? serverNow();
  const [row] = await deps.db.select().from(passPayments).where(eq(passPayments.id, payment.referenceId));
  if (!row) throw new Error(`payment ${payment.id} pays for no annual pass`);
  if (row.paidAt) return 'done-before';

  if (state.amountPaid < payment.amount || state.currency !== payment.currency) {
    if (state.amountPaid > 0) await refundWhole(deps, { payment, amount: Math.min(state.amountPaid, payment.amount), key: 'short', reason: 'annual pass paid short' });
    await deps.db
      .update(payments)
      .set({ state: paymentStates.transition(payment.state, 'refunded'), leaseUntil: null })
      .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)));
    return 'refunded';
  }

  const { validDays } = annualPassConfig();
  const today = todayIn(TIME_ZONE, at);
  let mailKey: string | undefined;
  const applied = await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(passPayments)
      .set({ paidAt: at })
      .where(and(eq(passPayments.id, row.id), isNull(passPayments.paidAt)))
      .returning();
    if (!marked) return false;
    const [pass] = await tx.select().from(annualPasses).where(eq(annualPasses.id, row.passId)).for('update');
    if (!pass) throw new Error(`no annual pass ${row.passId}`);
    if (row.kind === 'renewal') {
      await tx
        .update(annualPasses)
        .set({ endsOn: passEndAfterRenewal(pass.endsOn!, validDays) })
        .where(eq(annualPasses.id, pass.id));
    } else if (pass.recipientEmail) {
      await tx
        .update(annualPasses)
        .set({ status: passStates.transition(pass.status, 'UNCLAIMED') })
        .where(and(eq(annualPasses.id, pass.id), eq(annualPasses.status, pass.status)));
      mailKey = `annual-pass-gift:${pass.id}`;
      await enqueueMail(tx, mailKey, { ...renderPassGiftEmail(pass, deps.siteUrl), idempotencyKey: mailKey });
    } else {
      await tx
        .update(annualPasses)
        .set({ status: passStates.transition(pass.status, 'ACTIVE'), holderUserId: pass.buyerUserId, startsOn: today, endsOn: passEndFrom(today, validDays) })
        .where(and(eq(annualPasses.id, pass.id), eq(annualPasses.status, pass.status)));
    }
    await tx
      .update(payments)
      .set({ state: paymentStates.transition(payment.state, 'confirmed'), confirmedAt: at, leaseUntil: null })
      .where(and(eq(payments.id, payment.id), eq(payments.state, payment.state)));
    return true;
  });
  // The queue's job sends it anyway: this only spares the wait.
  if (mailKey) await sendMailNow(deps.db, deps.mail, mailKey).catch((error: unknown) => log.warn('[passes] the gift e-mail waits for the mail queue', { error }));
  return applied ? 'confirmed' : 'done-before';
}
