// Rewards spent at checkout and guest passes (issue #24 deliverables 2 and 4, decision 0042), in process on
// PGlite and PostgreSQL: a reward takes its exact amount off after the member price and writes one negative
// points line linked to the order; 10 parallel checkouts of a member with points for one reward: exactly
// one goes through; the points come back when the hold runs out and when the booking is cancelled with a
// refund (which gives back what was paid); a free order completes without a gateway session; a guest pass
// is claimed by the friend who signs up through it, used once, refused to its own member and to members,
// and earns the member referral points once, at the friend's admission.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUp } from '@/modules/accounts/sign-up';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { holdAndOpenSession, startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, undoAdmission } from '@/modules/gate/scan-ticket';
import { completePayment } from '@/modules/payments/complete-payment';
import { checkGuestPass, guestPassesOf, issueGuestPasses } from '@/modules/program/guest-passes';
import { pointsOf } from '@/modules/program/points-balance';
import { guestPassesUsed, rewardsRedeemed } from '@/modules/program/reward-reports';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { memberPoints, memberTiers, orders, payments, refunds, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';

// Main Deck: adult 44.00, child 38.00; Express Pass: adult 85.00, with the top deck 115.00 (config/catalog.json).
const ADULT = 4400;
const CHILD = 3800;
const FREE_ADULT = { reward: 'free-adult-ticket', points: 500 };

describe.each(TEST_BACKENDS)('rewards and guest passes on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  /** A member holding `points` confirmed points (one admitted ticket's line), at `tier`. */
  async function memberWith(db: Database, points: number, tier = 'explorer') {
    const member = await signedUpMember(db, 'rewards', 'en');
    await db.update(memberTiers).set({ tierId: tier }).where(eq(memberTiers.userId, member.userId));
    if (points > 0) {
      await db.insert(memberPoints).values({
        userId: member.userId,
        reason: 'ticket',
        points,
        state: 'confirmed',
        bookingUuid: `earlier-${member.userId}`,
        ticketReference: 'T1',
        unitId: 'adult',
        earnedAt: serverNow(),
        confirmedAt: serverNow(),
        expiresOn: '2028-05-12',
      });
    }
    return member;
  }

  const balance = async (userId: string) => (await pointsOf(shop.db, userId, shop.now())).balance;

  async function slot(productId: string, optionId: string, daysAhead: number) {
    const day = await openDay(shop.deps.supplier, productId, optionId, daysAhead, 150);
    return firstSlot(shop.deps.supplier, productId, optionId, day);
  }

  async function rowOf(bookingId: string) {
    const [row] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, bookingId));
    return row!;
  }

  const spendLines = (orderId: string) => shop.db.select().from(memberPoints).where(and(eq(memberPoints.orderId, orderId)));

  it('takes a free adult ticket off after the member price and writes one negative points line for the order', async () => {
    const member = await memberWith(shop.db, 700, 'regular');
    const selectedTime = await slot('main-deck', 'main-deck-day', 30);
    const started = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2, child: 1 }, selectedTime, ...FREE_ADULT }, 'en');
    // Regular: 10 % off each unit (3960, 3960, 3420); the reward then takes one adult's 3960.
    expect(started.paymentSession.amount).toBe(3960 + 3420);
    const row = await rowOf(started.bookingId);
    expect(row).toMatchObject({ total: 3960 + 3420, discountCents: 2 * ADULT + CHILD - (2 * 3960 + 3420), rewardCents: 3960, rewardReason: 'reward:free-adult-ticket' });
    expect(await balance(member.userId)).toBe(200);
    const [spend] = (await spendLines(row.id)).filter((l) => l.reason.startsWith('reward:'));
    expect(spend).toMatchObject({ reason: 'reward:free-adult-ticket', points: -500, state: 'pending', userId: member.userId });

    await shop.deps.gateway.pay(started.paymentSession.id, TEST_CARD);
    expect((await completeCheckout(shop.deps, started.paymentSession.id)).order.status).toBe('CONFIRMED');
    expect((await spendLines(row.id)).find((l) => l.reason.startsWith('reward:'))).toMatchObject({ state: 'confirmed' });
    expect(await balance(member.userId)).toBe(200);
    const today = serverNow().toISOString().slice(0, 10);
    expect((await rewardsRedeemed(shop.db, { from: today, to: today })).byReward).toContainEqual({ rewardId: 'free-adult-ticket', redeemed: 1, points: 500, cents: 3960 });
  });

  it('makes one ticket of the upgraded option cost the lower option’s price', async () => {
    const member = await memberWith(shop.db, 300);
    const selectedTime = await slot('express-pass', 'express-main-top', 31);
    const started = await startCheckout(shop.deps, member, { productId: 'express-pass', optionId: 'express-main-top', quantities: { adult: 1 }, selectedTime, reward: 'top-deck-upgrade' }, 'en');
    expect(started.paymentSession.amount).toBe(8500);
    expect(await rowOf(started.bookingId)).toMatchObject({ total: 8500, rewardCents: 3000, rewardReason: 'reward:top-deck-upgrade' });
    // The upgrade does not apply to the lower option itself: refused, nothing held, no points taken.
    const lower = await slot('express-pass', 'express-main', 31);
    const other = await memberWith(shop.db, 300);
    await expect(startCheckout(shop.deps, other, { productId: 'express-pass', optionId: 'express-main', quantities: { adult: 1 }, selectedTime: lower, reward: 'top-deck-upgrade' }, 'en')).rejects.toMatchObject({ key: 'rewardDoesNotApply' });
    expect(await balance(other.userId)).toBe(300);
  });

  it('spends a reward once under 10 parallel checkouts of a member with points for only one', async () => {
    const member = await memberWith(shop.db, 500);
    const selectedTime = await slot('main-deck', 'main-deck-day', 32);
    const product = await shop.deps.supplier.getProduct('main-deck', 'en');
    const request = { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1, child: 1 }, selectedTime, ...FREE_ADULT };
    // Straight to the hold and the order, past the one-Book-at-a-time lease: only the points ledger stands in the way.
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => holdAndOpenSession(shop.deps, member, request, 'en', product, product.options[0]!)));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((r) => (r.reason as AppError).key)).toEqual(Array(9).fill('notEnoughPoints'));
    expect((lost[0]!.reason as AppError).status).toBe(409);
    expect(await balance(member.userId)).toBe(0);
    const spends = await shop.db.select().from(memberPoints).where(and(eq(memberPoints.userId, member.userId), eq(memberPoints.points, -500)));
    expect(spends).toHaveLength(1);
    const [earning] = await shop.db.select().from(memberPoints).where(and(eq(memberPoints.userId, member.userId), eq(memberPoints.reason, 'ticket')));
    expect(earning!.spent).toBe(500);

    // Through Book itself: one goes on, the others are told another booking is being made, or that the points are gone.
    const again = await memberWith(shop.db, 500);
    const books = await Promise.allSettled(Array.from({ length: 10 }, () => startCheckout(shop.deps, again, request, 'en')));
    expect(books.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of books.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) expect(['bookingInProgress', 'notEnoughPoints']).toContain((r.reason as AppError).key);
    expect(await balance(again.userId)).toBe(0);
  });

  it('gives the points back when the hold runs out unpaid', async () => {
    const member = await memberWith(shop.db, 500);
    const selectedTime = await slot('main-deck', 'main-deck-day', 33);
    shop.clock = serverNow();
    const started = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime, ...FREE_ADULT }, 'en');
    expect(await balance(member.userId)).toBe(0);
    // Past the hold and the session's grace: the payment closes unpaid.
    shop.clock = new Date(serverNow().getTime() + 2 * 60 * 60_000);
    expect((await completePayment(shop.deps, started.paymentSession.id)).outcome).toBe('expired');
    expect(await balance(member.userId)).toBe(500);
    const row = await rowOf(started.bookingId);
    expect((await spendLines(row.id))[0]).toMatchObject({ state: 'void', closeReason: 'unpaid' });
    // Given back once: a second look changes nothing.
    await completePayment(shop.deps, started.paymentSession.id);
    expect(await balance(member.userId)).toBe(500);
    shop.clock = undefined;
  });

  it('gives back the money paid and the points when a rewarded booking is cancelled with a refund', async () => {
    const member = await memberWith(shop.db, 500);
    const selectedTime = await slot('main-deck', 'main-deck-day', 34);
    const started = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime, ...FREE_ADULT }, 'en');
    await shop.deps.gateway.pay(started.paymentSession.id, TEST_CARD);
    await completeCheckout(shop.deps, started.paymentSession.id);
    const row = await rowOf(started.bookingId);
    expect(row.total).toBe(ADULT);
    const cancelled = await cancelBooking(shop.deps, { reference: row.supplierReference, refund: { kind: 'full' }, by: GATE_STAFF });
    expect(cancelled.refundAmount).toBe(ADULT);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.id, row.paymentId));
    expect(await shop.db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.paymentId, payment!.id))).toEqual([{ amount: ADULT }]);
    expect(await balance(member.userId)).toBe(500);
    expect((await spendLines(row.id)).find((l) => l.reason.startsWith('reward:'))).toMatchObject({ state: 'void', closeReason: 'refunded' });
  });

  it('refuses a reward the member cannot afford, before any place is held', async () => {
    const member = await memberWith(shop.db, 499);
    const selectedTime = await slot('main-deck', 'main-deck-day', 35);
    await expect(startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime, ...FREE_ADULT }, 'en')).rejects.toMatchObject({
      code: 'NOT_ENOUGH_POINTS',
      status: 409,
    });
    expect(await shop.db.select().from(orders).where(eq(orders.userId, member.userId))).toEqual([]);
  });

  it('brings a friend with a guest pass: claimed at sign-up, one free adult ticket, used once, referral points once', async () => {
    const legend = await memberWith(shop.db, 0, 'local-legend');
    await issueGuestPasses(shop.db, legend.userId, shop.now());
    await issueGuestPasses(shop.db, legend.userId, shop.now());
    const [pass] = await guestPassesOf(shop.db, legend.userId);
    expect(await guestPassesOf(shop.db, legend.userId)).toEqual([{ code: pass!.code, period: '2027-Q2', status: 'unused', friendName: null }]);
    expect(pass!.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // An Explorer gets none.
    const explorer = await memberWith(shop.db, 0);
    await issueGuestPasses(shop.db, explorer.userId, shop.now());
    expect(await guestPassesOf(shop.db, explorer.userId)).toEqual([]);

    // Self-referral and an existing member are refused, with their reasons.
    await expect(checkGuestPass(shop.db, pass!.code, legend.userId)).rejects.toMatchObject({ key: 'guestPassOwn' });
    await expect(checkGuestPass(shop.db, pass!.code, explorer.userId)).rejects.toMatchObject({ key: 'guestPassMember' });
    await expect(checkGuestPass(shop.db, 'not-a-code', null)).rejects.toMatchObject({ key: 'guestPassUnknown' });
    expect(await checkGuestPass(shop.db, pass!.code, null)).toEqual({ memberName: 'Ana' });

    const email = `friend.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(shop.db, { email, contact: { firstName: 'Bea', lastName: 'Sol', phoneNumber: '+12125550111', country: 'US', postalCode: undefined, marketingOptIn: false }, locale: 'en', guestPass: pass!.code });
    const [friend] = await shop.db.select().from(users).where(eq(users.email, email));
    expect((await guestPassesOf(shop.db, legend.userId))[0]).toMatchObject({ status: 'claimed', friendName: 'Bea' });
    // Reuse: a second friend cannot claim it.
    await expect(checkGuestPass(shop.db, pass!.code, null)).rejects.toMatchObject({ key: 'guestPassUsed' });

    const selectedTime = await slot('main-deck', 'main-deck-day', 36);
    const request = { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime, guestPass: true };
    const started = await startCheckout(shop.deps, { userId: friend!.id, email }, request, 'en');
    // Nothing to pay: confirmed at once, without a gateway session.
    expect(started.paymentSession).toMatchObject({ amount: 0, status: 'CONFIRMED' });
    const row = await rowOf(started.bookingId);
    expect(row).toMatchObject({ status: 'CONFIRMED', total: 0, rewardCents: ADULT, rewardReason: 'guest-pass' });
    expect((await guestPassesOf(shop.db, legend.userId))[0]).toMatchObject({ status: 'used' });
    const today = serverNow().toISOString().slice(0, 10);
    expect((await guestPassesUsed(shop.db, { from: today, to: today })).used).toBeGreaterThanOrEqual(1);

    // Used once: the friend's next booking has no pass left.
    await expect(startCheckout(shop.deps, { userId: friend!.id, email }, { ...request, selectedTime: await slot('main-deck', 'main-deck-day', 37) }, 'en')).rejects.toMatchObject({ key: 'noGuestPass' });

    // The friend's visit admitted: the member earns 200 referral points, once, even admitted again after an undo.
    const ticket = row.tickets![0]!;
    const slotStart = new Date(row.availabilityId);
    shop.clock = new Date(slotStart.getTime() + 5 * 60_000);
    expect(await scanTicket(shop.gate, { code: ticket.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
    expect(await balance(legend.userId)).toBe(200);
    await undoAdmission(shop.gate, { ticket: ticket.reference, by: GATE_STAFF });
    expect(await scanTicket(shop.gate, { code: ticket.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
    expect(await balance(legend.userId)).toBe(200);
    shop.clock = undefined;
  });
});
