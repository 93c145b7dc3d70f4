// Gift cards paying at checkout (issue #25 deliverable 1, decision 0047 "Paying with a gift card"), in
// process on PGlite and PostgreSQL: a card pays what is left after the member price and reward, up to its
// balance, and the gateway the rest; spent across three orders to exactly zero (a card that covers it all
// completes the order with no gateway); never below zero under 10 parallel checkouts; an expired hold gives
// the card's part back once; a cancelled mixed order refunds the gateway's part and restores the card (a
// partial refund, its share); wrong, voided and empty codes are refused before any place is held, and code
// attempts are limited per member.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { voidGiftCard } from '@/modules/gift-cards/void-gift-card';
import { completePayment } from '@/modules/payments/complete-payment';
import { serverNow } from '@/server/clock';
import { giftCardLines, giftCards, orders, payments, refunds } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { FIXED_NOW } from '../support/fixed-date';
import { GATE_STAFF, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { activeGiftCard, explorerMember } from '../support/gift-cards';
import { firstSlot, openDay } from './supplier-scenarios';

// Main Deck: adult 44.00 (config/catalog.json); an explorer pays list price.
const ADULT = 4400;
const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager-1@staff.example' };

describe.each(TEST_BACKENDS)('gift cards at checkout on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  const member = () => explorerMember(shop.db, 'giftpay');
  const card = (amount: number) => activeGiftCard(shop, amount);

  const balanceOf = async (id: string) => (await shop.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balance;
  const linesOf = (id: string) => shop.db.select({ kind: giftCardLines.kind, amount: giftCardLines.amount, reference: giftCardLines.reference }).from(giftCardLines).where(eq(giftCardLines.giftCardId, id));
  const rowOf = async (bookingId: string) => (await shop.db.select().from(orders).where(eq(orders.bookingUuid, bookingId)))[0]!;

  async function slot(daysAhead: number, places = 150) {
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, places);
    return firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
  }

  const book = (who: { userId: string; email: string }, selectedTime: string, adults: number, giftCard?: string) =>
    startCheckout(shop.deps, who, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime, ...(giftCard ? { giftCard } : {}) }, 'en');

  it('is spent across three orders to exactly zero: covered orders complete with no gateway, the last pays the rest by card', async () => {
    shop.clock = FIXED_NOW;
    const gift = await card(10000);
    const who = await member();
    const selectedTime = await slot(40);
    const first = await book(who, selectedTime, 1, gift.code.toLowerCase());
    // Covered whole: a payment of 0, no gateway session, the order confirmed at once.
    expect(first.paymentSession).toMatchObject({ amount: 0, status: 'CONFIRMED' });
    expect(await rowOf(first.bookingId)).toMatchObject({ status: 'CONFIRMED', total: 0, giftCardCents: ADULT, giftCardId: gift.id });
    const second = await book(who, selectedTime, 1, gift.code);
    expect(second.paymentSession.status).toBe('CONFIRMED');
    expect(await balanceOf(gift.id)).toBe(10000 - 2 * ADULT);
    // The third takes what is left (12.00); the gateway charges the rest.
    const third = await book(who, selectedTime, 1, gift.code);
    expect(third.paymentSession.amount).toBe(3 * ADULT - 10000);
    await shop.deps.gateway.pay(third.paymentSession.id, TEST_CARD);
    expect((await completeCheckout(shop.deps, third.paymentSession.id)).order.status).toBe('CONFIRMED');
    expect(await rowOf(third.bookingId)).toMatchObject({ total: 3 * ADULT - 10000, giftCardCents: 10000 - 2 * ADULT });
    expect(await balanceOf(gift.id)).toBe(0);
    // Lines written at one instant (the fixed clock) have no order among them: compared as a set.
    expect((await linesOf(gift.id)).map((l) => `${l.kind} ${l.amount}`).sort()).toEqual(['issued 10000', `redeemed -${10000 - 2 * ADULT}`, `redeemed -${ADULT}`, `redeemed -${ADULT}`].sort());
    // Nothing left: a fourth is refused before any place is held.
    const held = (await shop.db.select().from(orders)).length;
    await expect(book(who, selectedTime, 1, gift.code)).rejects.toMatchObject({ key: 'giftCardEmpty' });
    expect((await shop.db.select().from(orders)).length).toBe(held);
    shop.clock = undefined;
  });

  it('never goes below zero under 10 parallel checkouts with one card', async () => {
    shop.clock = FIXED_NOW;
    const gift = await card(10000);
    const members = await Promise.all(Array.from({ length: 10 }, () => member()));
    const selectedTime = await slot(41);
    const results = await Promise.allSettled(members.map((m) => book(m, selectedTime, 1, gift.code)));
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(['giftCardBalanceChanged', 'giftCardEmpty']).toContain((r.reason as AppError).key);
    }
    const paidByCard = (await shop.db.select().from(orders).where(eq(orders.giftCardId, gift.id))).reduce((sum, o) => sum + o.giftCardCents, 0);
    const balance = await balanceOf(gift.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(paidByCard + balance).toBe(10000);
    expect((await linesOf(gift.id)).reduce((sum, l) => sum + l.amount, 0)).toBe(balance);
    // The first order to lock the card always gets its whole part.
    expect(paidByCard).toBeGreaterThanOrEqual(ADULT);
    shop.clock = undefined;
  });

  it('gives the card its part back once when the hold runs out unpaid', async () => {
    shop.clock = FIXED_NOW;
    const gift = await card(5000);
    const who = await member();
    const started = await book(who, await slot(42), 2, gift.code);
    expect(started.paymentSession.amount).toBe(2 * ADULT - 5000);
    expect(await balanceOf(gift.id)).toBe(0);
    // Past the hold and the session's grace: the payment closes unpaid.
    shop.clock = new Date(serverNow().getTime() + 2 * 60 * 60_000);
    expect((await completePayment(shop.deps, started.paymentSession.id)).outcome).toBe('expired');
    expect(await balanceOf(gift.id)).toBe(5000);
    await completePayment(shop.deps, started.paymentSession.id);
    expect(await balanceOf(gift.id)).toBe(5000);
    expect((await linesOf(gift.id)).filter((l) => l.kind === 'refunded')).toHaveLength(1);
    shop.clock = undefined;
  });

  it('refunds a mixed order: the gateway part to the gateway, the card part to the card', async () => {
    shop.clock = FIXED_NOW;
    const gift = await card(5000);
    const who = await member();
    const started = await book(who, await slot(43), 2, gift.code);
    await shop.deps.gateway.pay(started.paymentSession.id, TEST_CARD);
    await completeCheckout(shop.deps, started.paymentSession.id);
    const row = await rowOf(started.bookingId);
    const cancelled = await cancelBooking(shop.deps, { reference: row.supplierReference, refund: { kind: 'full' }, by: GATE_STAFF });
    expect(cancelled).toMatchObject({ refundAmount: 2 * ADULT - 5000, refundStatus: 'refunded' });
    const [payment] = await shop.db.select().from(payments).where(eq(payments.id, row.paymentId));
    expect(await shop.db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.paymentId, payment!.id))).toEqual([{ amount: 2 * ADULT - 5000 }]);
    expect(await balanceOf(gift.id)).toBe(5000);
    expect((await linesOf(gift.id)).filter((l) => l.kind === 'refunded')).toEqual([{ kind: 'refunded', amount: 5000, reference: row.id }]);
    shop.clock = undefined;
  });

  it('gives the card the same share of its part as a partial refund is of the rest', async () => {
    shop.clock = FIXED_NOW;
    const gift = await card(5000);
    const who = await member();
    const started = await book(who, await slot(45), 2, gift.code);
    await shop.deps.gateway.pay(started.paymentSession.id, TEST_CARD);
    await completeCheckout(shop.deps, started.paymentSession.id);
    const row = await rowOf(started.bookingId);
    // Half of the 38.00 the test card paid: half of the card's 50.00 goes back to it.
    await cancelBooking(shop.deps, { reference: row.supplierReference, refund: { kind: 'partial', amount: (2 * ADULT - 5000) / 2 }, by: GATE_STAFF });
    expect(await balanceOf(gift.id)).toBe(2500);
    shop.clock = undefined;
  });

  it('limits code attempts at Book per member: the 11th in 15 minutes is refused, even a good code', async () => {
    shop.clock = FIXED_NOW;
    const gift = await card(2500);
    const who = await member();
    const selectedTime = await slot(46);
    for (let i = 0; i < 10; i++) await expect(book(who, selectedTime, 1, `GUES-SGUE-SSGU-ES${String(i).padStart(2, '2')}`)).rejects.toMatchObject({ key: 'giftCardNotFound' });
    await expect(book(who, selectedTime, 1, gift.code)).rejects.toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    expect(await balanceOf(gift.id)).toBe(2500);
    // Another member is not held back.
    expect((await book(await member(), selectedTime, 1, gift.code)).paymentSession.amount).toBe(ADULT - 2500);
    shop.clock = undefined;
  });

  it('refuses unknown and voided codes before any place is held', async () => {
    shop.clock = FIXED_NOW;
    const who = await member();
    const selectedTime = await slot(44);
    const held = (await shop.db.select().from(orders)).length;
    await expect(book(who, selectedTime, 1, 'ABCD-EFGH-JKMN-PQRS')).rejects.toMatchObject({ key: 'giftCardNotFound' });
    const gift = await card(2500);
    await voidGiftCard(shop.db, { code: gift.code, reason: 'reported stolen', by: MANAGER }, FIXED_NOW);
    await expect(book(who, selectedTime, 1, gift.code)).rejects.toMatchObject({ key: 'giftCardVoided' });
    expect((await shop.db.select().from(orders)).length).toBe(held);
    shop.clock = undefined;
  });
});
