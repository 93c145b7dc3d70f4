// Refunds and gift cards (issue #25 item 1, decision 0052), in process on PGlite and PostgreSQL: a refund to
// a gift card restores its balance, whoever cancels (the member, staff, the operator); a manager may put the
// gateway's part of a refund onto a new gift card for the booker instead (refunded once, never both ways,
// audited, e-mailed with its code through the delivery job and the mail queue); a refund never exceeds the
// payment; and a checkout refused because another checkout spent the card meanwhile leaves no payable
// gateway session behind. The sales report counts a card when it pays for a visit (decision 0052).
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import type { PaymentGateway } from '@/ports/payments';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { cancelOwnBooking } from '@/modules/bookings/member-cancel';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { deliverGiftCard } from '@/modules/gift-cards/deliver-gift-card';
import { giftCardDeliveryKey } from '@/modules/gift-cards/issue-paid-gift-card';
import { runDueJobs } from '@/modules/jobs/run-due-jobs';
import { refundOrder, refundOrderToGiftCard } from '@/modules/payments/order-refunds';
import { giftCardLiability } from '@/modules/gift-cards/gift-card-liability';
import { salesReport } from '@/modules/reports/sales-report';
import { auditLog, giftCardLines, giftCards, jobs, orders, payments, refunds, testPaymentSessions } from '@/server/db/schema';
import { FIXED_NOW } from '../support/fixed-date';
import { TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { activeGiftCard, explorerMember } from '../support/gift-cards';
import { firstSlot, openDay } from './supplier-scenarios';

// Main Deck: adult 44.00 (config/catalog.json); an explorer pays list price.
const ADULT = 4400;
const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager-1@staff.example' };

describe.each(TEST_BACKENDS)('refunds and gift cards on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  const member = () => explorerMember(shop.db, 'gcrefund');
  const card = (amount: number) => activeGiftCard(shop, amount);

  const cardOf = async (id: string) => (await shop.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!;
  const rowOf = async (bookingId: string) => (await shop.db.select().from(orders).where(eq(orders.bookingUuid, bookingId)))[0]!;
  const refundsOf = (paymentId: string) => shop.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));

  async function slot(daysAhead: number, places = 150) {
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, places);
    return firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
  }

  const book = (deps: typeof shop.deps, who: { userId: string; email: string }, selectedTime: string, adults: number, giftCard?: string) =>
    startCheckout(deps, who, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime, ...(giftCard ? { giftCard } : {}) }, 'en');

  /** A confirmed order of two adults, 50.00 of it paid by a new card and 38.00 by the test card. */
  async function mixedOrder(daysAhead: number) {
    const gift = await card(5000);
    const who = await member();
    const started = await book(shop.deps, who, await slot(daysAhead), 2, gift.code);
    await shop.deps.gateway.pay(started.paymentSession.id, TEST_CARD);
    await completeCheckout(shop.deps, started.paymentSession.id);
    return { gift, who, order: await rowOf(started.bookingId) };
  }

  /** The card that paid gets its part back, once; the gateway's part went back through the gateway. */
  async function expectRestored({ gift, order }: Awaited<ReturnType<typeof mixedOrder>>) {
    expect((await cardOf(gift.id)).balance).toBe(5000);
    expect(await shop.db.select({ amount: giftCardLines.amount }).from(giftCardLines).where(and(eq(giftCardLines.giftCardId, gift.id), eq(giftCardLines.kind, 'refunded')))).toEqual([{ amount: 5000 }]);
    expect(await refundsOf(order.paymentId)).toMatchObject([{ amount: 2 * ADULT - 5000, state: 'done', giftCardId: null }]);
  }

  it('a refund to a gift card restores its balance when the member cancels their own booking', async () => {
    shop.clock = FIXED_NOW;
    // 50 days ahead: the policy gives all back.
    const own = await mixedOrder(50);
    expect((await cardOf(own.gift.id)).balance).toBe(0);
    const { cancellation } = await cancelOwnBooking(shop.deps, own.who, { bookingId: own.order.bookingUuid, confirm: true, expectedRefund: own.order.total });
    expect(cancellation).toMatchObject({ refundAmount: 2 * ADULT - 5000, refundStatus: 'refunded', refundTo: 'payment' });
    await expectRestored(own);
    shop.clock = undefined;
  });

  it('a refund to a gift card restores its balance when staff or the operator cancel', async () => {
    shop.clock = FIXED_NOW;
    const byStaff = await mixedOrder(51);
    await cancelBooking(shop.deps, { reference: byStaff.order.supplierReference, refund: { kind: 'full' }, by: MANAGER });
    await expectRestored(byStaff);
    const byOperator = await mixedOrder(52);
    await cancelBooking(shop.deps, { reference: byOperator.order.supplierReference, refund: { kind: 'full' }, by: { kind: 'operator' } });
    await expectRestored(byOperator);
    shop.clock = undefined;
  });

  it("a manager's refund to a new gift card: issued to the booker for the refund, once, never also through the gateway, audited and e-mailed", async () => {
    shop.clock = FIXED_NOW;
    const { gift, who, order } = await mixedOrder(53);
    const gatewayPart = 2 * ADULT - 5000;
    const cancelled = await cancelBooking(shop.deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: MANAGER, refundTo: 'gift_card', reason: 'storm' });
    expect(cancelled).toMatchObject({ refundAmount: gatewayPart, refundStatus: 'refunded', refundTo: 'gift_card' });
    // The card that paid gets its own part back, as for any refund.
    expect((await cardOf(gift.id)).balance).toBe(5000);
    // The gateway's part is one refund of the ledger, done, pointing to a new card of that amount.
    const [refund, ...more] = await refundsOf(order.paymentId);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amount: gatewayPart, state: 'done', idempotencyKey: `cancelled:${order.bookingUuid}`, gatewayRefundId: null });
    const issued = await cardOf(refund!.giftCardId!);
    expect(issued).toMatchObject({ status: 'ACTIVE', amount: gatewayPart, balance: gatewayPart, buyerUserId: who.userId, buyerEmail: who.email, paymentId: null, refundOf: order.supplierReference });
    expect(await shop.db.select({ kind: giftCardLines.kind, amount: giftCardLines.amount }).from(giftCardLines).where(eq(giftCardLines.giftCardId, issued.id))).toEqual([{ kind: 'issued', amount: gatewayPart }]);
    // The test gateway gave nothing back: its session is still paid, not refunded.
    const [session] = await shop.db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, (await shop.db.select().from(payments).where(eq(payments.id, order.paymentId)))[0]!.gatewaySessionId));
    expect(session?.status).toBe('paid');
    // No retry job was planned for it: there is nothing to ask of the gateway.
    expect(await shop.db.select().from(jobs).where(eq(jobs.dedupeKey, `refund:${refund!.id}`))).toEqual([]);

    // Audited: the cancellation names where the refund went, and the card's issue is its own entry.
    const entries = await shop.db.select().from(auditLog).where(eq(auditLog.target, order.supplierReference));
    expect(entries.find((e) => e.action === 'booking.cancel')?.after).toMatchObject({ refundTo: 'gift_card', refundAmount: gatewayPart });
    expect(entries.find((e) => e.action === 'giftcard.issueRefund')).toMatchObject({ actorEmail: MANAGER.email, after: { giftCardId: issued.id, amount: gatewayPart } });

    // Once: asked again under the cancellation's key, by either way, nothing more moves.
    const key = { amount: gatewayPart, key: `cancelled:${order.bookingUuid}`, reason: 'again' };
    expect(await refundOrderToGiftCard(shop.deps, order, key, () => Promise.reject(new Error('no second card')))).toMatchObject([{ id: refund!.id }]);
    expect(await refundOrder(shop.deps, order, key)).toMatchObject([{ id: refund!.id }]);
    expect(await refundsOf(order.paymentId)).toHaveLength(1);
    expect(await shop.db.select().from(giftCards).where(eq(giftCards.refundOf, order.supplierReference))).toHaveLength(1);
    await expect(cancelBooking(shop.deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: MANAGER, refundTo: 'gift_card' })).rejects.toMatchObject({ key: 'alreadyCancelled' });

    // The member is told where the money went, and the card's e-mail, with its code, goes out by its job.
    const [cancelMail] = await listOutbox(shop.db, who.email);
    expect(cancelMail?.text).toContain('We are refunding $38.00 as a gift card');
    const run = await runDueJobs(shop.db, { 'giftcards.deliver': async (job: { giftCardId: string }) => void (await deliverGiftCard(shop.deps, job.giftCardId)) }, { workerId: 'test', now: FIXED_NOW, dedupeKey: giftCardDeliveryKey(issued.id) });
    expect(run).toMatchObject({ claimed: 1, done: 1 });
    const cardMail = (await listOutbox(shop.db, who.email)).find((m) => m.subject === 'Your Skyline Tower gift card');
    expect(cardMail?.text).toContain(`This gift card holds the refund of your booking ${order.supplierReference}.`);
    expect(cardMail?.text).toContain(issued.code.match(/.{4}/g)!.join('-'));
    expect(cardMail?.text).toContain('$38.00');
    shop.clock = undefined;
  });

  it('a partial refund to a new gift card: its amount on the card, the paying card its share; only staff may choose it', async () => {
    shop.clock = FIXED_NOW;
    const { gift, who, order } = await mixedOrder(54);
    await expect(cancelBooking(shop.deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: { kind: 'member', ...who }, refundTo: 'gift_card' })).rejects.toMatchObject({ key: 'managersOnly', status: 403 });
    expect((await rowOf(order.bookingUuid)).status).toBe('CONFIRMED');
    await cancelBooking(shop.deps, { reference: order.supplierReference, refund: { kind: 'partial', amount: 1900 }, by: MANAGER, refundTo: 'gift_card' });
    const [refund] = await refundsOf(order.paymentId);
    expect(refund).toMatchObject({ amount: 1900, state: 'done' });
    expect((await cardOf(refund!.giftCardId!)).balance).toBe(1900);
    expect((await cardOf(gift.id)).balance).toBe(2500);
    shop.clock = undefined;
  });

  it('a refund never exceeds the payment, onto a gift card or through the gateway', async () => {
    shop.clock = FIXED_NOW;
    const { order } = await mixedOrder(55);
    const gatewayPart = 2 * ADULT - 5000;
    const before = (await shop.db.select().from(giftCards)).length;
    // More than the payment took: refused, no card issued.
    await expect(refundOrderToGiftCard(shop.deps, order, { amount: gatewayPart + 1, key: 'too-much', reason: 'test' }, () => Promise.reject(new Error('must not issue')))).rejects.toMatchObject({ key: 'refundAmountRange' });
    // Part through the gateway, then the rest onto a card: the card gets no more than what is left.
    await refundOrder(shop.deps, order, { amount: 1000, key: 'first', reason: 'test' });
    await expect(refundOrderToGiftCard(shop.deps, order, { amount: gatewayPart, key: 'second', reason: 'test' }, () => Promise.reject(new Error('must not issue')))).rejects.toMatchObject({ key: 'refundAmountRange', values: { max: gatewayPart - 1000 } });
    expect((await shop.db.select().from(giftCards)).length).toBe(before);
    // A cancellation asking for more than the order's total is refused, nothing changed.
    await expect(cancelBooking(shop.deps, { reference: order.supplierReference, refund: { kind: 'partial', amount: order.total + 1 }, by: MANAGER, refundTo: 'gift_card' })).rejects.toMatchObject({ key: 'refundAmountRange' });
    expect((await rowOf(order.bookingUuid)).status).toBe('CONFIRMED');
    const total = (await refundsOf(order.paymentId)).reduce((sum, r) => sum + r.amount, 0);
    expect(total).toBe(1000);
    shop.clock = undefined;
  });

  it('a checkout refused because another checkout spent the card meanwhile leaves no payable gateway session', async () => {
    shop.clock = FIXED_NOW;
    const gift = await card(5000);
    const [first, second] = [await member(), await member()];
    const selectedTime = await slot(56);
    // The second checkout runs to its end while the first opens its gateway session: both were priced with 50.00.
    let opened: string | undefined;
    let other: Awaited<ReturnType<typeof book>> | undefined;
    const racing: PaymentGateway = {
      ...shop.deps.gateway,
      async createSession(input) {
        if (!other) other = await book(shop.deps, second, selectedTime, 2, gift.code);
        const session = await shop.deps.gateway.createSession(input);
        opened ??= session.id;
        return session;
      },
    };
    await expect(book({ ...shop.deps, gateway: racing as typeof shop.deps.gateway }, first, selectedTime, 2, gift.code)).rejects.toMatchObject({ key: 'giftCardBalanceChanged' });
    expect(other).toBeDefined();
    expect((await rowOf(other!.bookingId)).giftCardCents).toBe(5000);
    // The first checkout's session was opened for 38.00 the card no longer covers: closed, it cannot be paid.
    expect(opened).toBeDefined();
    expect(opened).not.toBe(other!.paymentSession.id);
    expect(await shop.db.select().from(payments).where(eq(payments.gatewaySessionId, opened!))).toEqual([]);
    expect((await shop.deps.gateway.getState(opened!)).status).toBe('expired');
    await expect(shop.deps.gateway.pay(opened!, TEST_CARD)).rejects.toMatchObject({ code: 'session_closed' });
    // The second's session is still open and payable.
    expect((await shop.deps.gateway.getState(other!.paymentSession.id)).status).toBe('open');
    expect(await shop.db.select().from(orders).where(and(eq(orders.giftCardId, gift.id), isNull(orders.promoCode)))).toHaveLength(1);
    shop.clock = undefined;
  });

  it('the sales report counts what a card paid when it pays for a visit, and what went back onto cards as refunds; a refund card is liability', async () => {
    shop.clock = FIXED_NOW;
    const today = { start: new Date('2027-05-12T04:00:00Z'), end: new Date('2027-05-13T04:00:00Z'), days: ['2027-05-12'], timeZone: 'America/New_York' };
    const before = await salesReport(shop.db, today);
    const owedBefore = await giftCardLiability(shop.db, FIXED_NOW, 'USD');
    // Buying a card is no sale (its payment is not an order's).
    const { order } = await mixedOrder(57);
    const sold = await salesReport(shop.db, today);
    expect(sold.totals.bookings - before.totals.bookings).toBe(1);
    expect(sold.totals.gross - before.totals.gross).toBe(2 * ADULT);
    expect(sold.paidByGiftCards - before.paidByGiftCards).toBe(5000);
    expect(sold.totals.refunds).toBe(before.totals.refunds);

    await cancelBooking(shop.deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: MANAGER, refundTo: 'gift_card' });
    const cancelled = await salesReport(shop.db, today);
    // The whole sale comes back: 50.00 onto the card that paid, 38.00 onto the new card.
    expect(cancelled.totals.refunds - sold.totals.refunds).toBe(2 * ADULT);
    expect(cancelled.totals.net).toBe(before.totals.net);
    expect(cancelled.paidByGiftCards).toBe(before.paidByGiftCards);
    // The new card is a liability (issued as a refund, outstanding) until it pays for a visit.
    const owed = await giftCardLiability(shop.db, FIXED_NOW, 'USD');
    expect(owed.issuedAsRefunds - owedBefore.issuedAsRefunds).toBe(2 * ADULT - 5000);
    expect(owed.outstanding - owedBefore.outstanding).toBe(5000 + 2 * ADULT - 5000);
    shop.clock = undefined;
  });
});
