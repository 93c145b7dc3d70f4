// Embedded default: a gateway that behaves like a real one, with test cards and no money.
//   4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.
// Any future expiry and any 3- or 4-digit CVC. Sessions, payments and refunds are kept in its own table.
import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { expiryValid, luhnValid } from '@/ports/payment-cards';
import type { Database } from '@/server/db/client';
import { testPaymentSessions } from '@/server/db/schema';
import { PaymentError, type PaymentGateway } from '@/ports/payments';
import { serverNow } from '@/server/clock';

/** Like Stripe's sessions, which outlive the hold (30 minutes at least), a session stays payable a while
 * after the hold it pays for: a payment that comes too late is then refunded, never lost. */
const SESSION_GRACE_MS = 10 * 60_000;

export type TestCard = { number: string; expMonth: number; expYear: number; cvc: string };

export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export function checkCard(card: TestCard, now: Date): void {
  const number = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(number)) throw new PaymentError('invalid_card', 'The card number is not valid.');
  if (!expiryValid(card.expMonth, card.expYear, now)) throw new PaymentError('invalid_card', 'The expiry date is not valid.');
  if (!/^\d{3,4}$/.test(card.cvc)) throw new PaymentError('invalid_card', 'The security code is not valid.');
}

export type TestGateway = PaymentGateway & {
  /** Charges the card for the session: the browser's "Pay" button. */
  pay(sessionId: string, card: TestCard): Promise<void>;
};

export function createTestGateway(db: Database, now: () => Date = serverNow): TestGateway {
  async function session(id: string) {
    const [row] = await db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, id));
    if (!row) throw new PaymentError('not_found', 'No such payment session');
    return row;
  }

  return {
    provider: 'test',

    async createSession(input) {
      const id = `cs_test_${crypto.randomBytes(12).toString('hex')}`;
      await db.insert(testPaymentSessions).values({
        id,
        reference: input.reference,
        amount: input.amount,
        currency: input.currency,
        status: 'open',
        expiresAt: new Date(input.expiresAt.getTime() + SESSION_GRACE_MS),
      });
      return {
        provider: 'test',
        id,
        amount: input.amount,
        currency: input.currency,
        expiresAt: input.expiresAt.toISOString(),
        clientSecret: null,
        publishableKey: null,
      };
    },

    async closeSession(id) {
      await db
        .update(testPaymentSessions)
        .set({ expiresAt: now() })
        .where(and(eq(testPaymentSessions.id, id), eq(testPaymentSessions.status, 'open')));
    },

    async getState(id) {
      const row = await session(id);
      const status = row.status === 'open' && row.expiresAt <= now() ? 'expired' : row.status;
      return { status, amountPaid: row.status === 'open' ? 0 : row.amount, currency: row.currency };
    },

    async pay(id, card) {
      const row = await session(id);
      if (row.status !== 'open') throw new PaymentError('session_closed', 'This payment session is already paid.');
      if (row.expiresAt <= now()) throw new PaymentError('session_closed', 'This payment session has expired.');
      checkCard(card, now());
      const number = card.number.replace(/[\s-]/g, '');
      if (number === TEST_CARDS.declined || number === TEST_CARDS.insufficientFunds) {
        await db.update(testPaymentSessions).set({ declines: sql`${testPaymentSessions.declines} + 1` }).where(eq(testPaymentSessions.id, id));
        throw number === TEST_CARDS.declined
          ? new PaymentError('card_declined', 'Your card was declined.')
          : new PaymentError('insufficient_funds', 'Your card has insufficient funds.');
      }
      // Only an open session is charged: two presses of Pay charge once.
      const charged = await db
        .update(testPaymentSessions)
        .set({ status: 'paid', paidAt: now(), cardLast4: number.slice(-4) })
        .where(and(eq(testPaymentSessions.id, id), eq(testPaymentSessions.status, 'open')))
        .returning({ id: testPaymentSessions.id });
      if (charged.length === 0) throw new PaymentError('session_closed', 'This payment session is already paid.');
    },

    async refund(id, amount, key = 'session') {
      // One conditional update: a key already used, or a session not paid, changes nothing. A session with
      // any refund reads `refunded`; refundedAmount says how much.
      const refunded = sql`least(${testPaymentSessions.amount}, ${testPaymentSessions.refundedAmount} + ${amount})`;
      await db
        .update(testPaymentSessions)
        .set({
          refundedAmount: refunded,
          status: 'refunded',
          refundKeys: sql`${testPaymentSessions.refundKeys} || ${JSON.stringify([key])}::jsonb`,
        })
        .where(
          and(
            eq(testPaymentSessions.id, id),
            inArray(testPaymentSessions.status, ['paid', 'refunded']),
            sql`not (${testPaymentSessions.refundKeys} @> ${JSON.stringify([key])}::jsonb)`,
          ),
        );
      // Its refunds have no records of their own: the session and the key name one.
      return { refundId: `re_test_${id}_${key}` };
    },
  };
}
