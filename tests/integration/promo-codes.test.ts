// Promo codes at checkout (issue #25 deliverable 2, decision 0049), in process on PGlite and PostgreSQL: a
// code with a limit of 5 used by 20 members at once gives exactly 5; each ticket costs the better of its
// member price and its promo price, then the reward takes off what is left (table-driven); every refusal
// has its own reason and holds nothing; a use comes back when the hold runs out or the booking is cancelled
// before its visit; the order records the code and its amount; the report counts uses and discount.
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { completePayment } from '@/modules/payments/complete-payment';
import { createPromo, listPromos, setPromoPaused } from '@/modules/promos/manage-promos';
import { promoBody, type PromoInput } from '@/modules/promos/promo-body';
import { promoReport } from '@/modules/promos/promo-report';
import { TIME_ZONE } from '@/config/attraction';
import { todayIn } from '@/universal/local-date';
import { serverNow } from '@/server/clock';
import { memberPoints, memberTiers, orders, payments, promoUses } from '@/server/db/schema';
import type { AppError } from '@/server/errors';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';

// Main Deck: adult 44.00, child 38.00 (config/catalog.json); Regular 10 % off, Local Legend 20 % (config/program.json).
const ADULT = 4400;
const CHILD = 3800;
const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager-1@staff.example' };

describe.each(TEST_BACKENDS)('promo codes on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });
  let codes = 0;

  /** A new code with a name of its own (every test runs on one database). */
  async function promo(input: Omit<PromoInput, 'code'>) {
    codes += 1;
    return createPromo(shop.db, promoBody.parse({ code: `test-${codes}`, ...input }), MANAGER, serverNow());
  }

  async function member(tier = 'explorer', points = 0) {
    const signedUp = await signedUpMember(shop.db, 'promo', 'en');
    await shop.db.update(memberTiers).set({ tierId: tier }).where(eq(memberTiers.userId, signedUp.userId));
    if (points > 0) {
      await shop.db.insert(memberPoints).values({
        userId: signedUp.userId,
        reason: 'ticket',
        points,
        state: 'confirmed',
        bookingUuid: `earlier-${signedUp.userId}`,
        ticketReference: 'T1',
        unitId: 'adult',
        earnedAt: serverNow(),
        confirmedAt: serverNow(),
        expiresOn: '2028-05-12',
      });
    }
    return signedUp;
  }

  async function slot(daysAhead: number, productId = 'main-deck', optionId = 'main-deck-day') {
    const day = await openDay(shop.deps.supplier, productId, optionId, daysAhead, 150);
    return firstSlot(shop.deps.supplier, productId, optionId, day);
  }

  const request = (selectedTime: string, quantities: Record<string, number>, extra: { promoCode?: string; reward?: string } = {}) => ({
    productId: 'main-deck',
    optionId: 'main-deck-day',
    quantities,
    selectedTime,
    ...extra,
  });

  async function rowOf(bookingId: string) {
    const [row] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, bookingId));
    return row!;
  }

  async function paid(started: { paymentSession: { id: string } }) {
    await shop.deps.gateway.pay(started.paymentSession.id, TEST_CARD);
    return completeCheckout(shop.deps, started.paymentSession.id);
  }

  const usesOf = async (promoId: string) => (await shop.db.select().from(promoUses).where(and(eq(promoUses.promoId, promoId), ne(promoUses.state, 'returned')))).length;

  it('gives exactly 5 uses of a code limited to 5 when 20 members check out at once', async () => {
    const code = await promo({ kind: 'percent', value: 25, maxUses: 5 });
    const selectedTime = await slot(30);
    const members = await Promise.all(Array.from({ length: 20 }, () => member()));
    const results = await Promise.allSettled(members.map((m) => startCheckout(shop.deps, m, request(selectedTime, { adult: 1 }, { promoCode: code.code }), 'en')));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(5);
    expect(lost.map((r) => (r.reason as AppError).key)).toEqual(Array(15).fill('promoUsedUp'));
    expect((lost[0]!.reason as AppError).status).toBe(409);
    expect(await usesOf(code.id)).toBe(5);
    // The losers hold nothing: no order, no payment.
    const promoOrders = await shop.db.select().from(orders).where(eq(orders.promoCode, code.code));
    expect(promoOrders).toHaveLength(5);
    expect(promoOrders.every((o) => o.total === 3300 && o.promoCents === 1100)).toBe(true);
    expect((await listPromos(shop.db)).find((p) => p.id === code.id)?.uses).toBe(5);
  });

  // Each row: the member's tier, the code, the tickets, a reward; what each step takes off and what is charged.
  const combinations = [
    { name: 'an Explorer: the promo on every ticket', tier: 'explorer', code: { kind: 'percent', value: 15 }, quantities: { adult: 2, child: 1 }, member: 0, promo: 2 * 660 + 570, reward: 0 },
    { name: 'a Regular: 15 % beats 10 % on every ticket', tier: 'regular', code: { kind: 'percent', value: 15 }, quantities: { adult: 2, child: 1 }, member: 0, promo: 2 * 660 + 570, reward: 0 },
    { name: 'a Regular: $4.20 off loses on adults, wins on children', tier: 'regular', code: { kind: 'amount', value: 420 }, quantities: { adult: 2, child: 1 }, member: 2 * 440, promo: 420, reward: 0 },
    { name: 'a Regular: 15 % then a free adult ticket at its promo price', tier: 'regular', code: { kind: 'percent', value: 15 }, quantities: { adult: 2, child: 1 }, member: 0, promo: 2 * 660 + 570, reward: 3740, spend: 'free-adult-ticket' },
    { name: 'a Regular: $4.20 then a free adult ticket at its member price', tier: 'regular', code: { kind: 'amount', value: 420 }, quantities: { adult: 2, child: 1 }, member: 2 * 440, promo: 420, reward: 3960, spend: 'free-adult-ticket' },
    { name: 'a Local Legend: $8 off beats 20 % on children only', tier: 'local-legend', code: { kind: 'amount', value: 800 }, quantities: { adult: 1, child: 2 }, member: 880, promo: 2 * 800, reward: 0 },
  ] as const;

  it.each(combinations.map((c, i) => ({ ...c, day: 40 + i })))('charges $name', async (row) => {
    const code = await promo(row.code);
    const who = await member(row.tier, 'spend' in row ? 600 : 0);
    const extra = { promoCode: code.code.toLowerCase(), ...('spend' in row ? { reward: row.spend } : {}) };
    const started = await startCheckout(shop.deps, who, request(await slot(row.day), row.quantities, extra), 'en');
    const list = (row.quantities.adult ?? 0) * ADULT + ('child' in row.quantities ? row.quantities.child * CHILD : 0);
    const charged = list - row.member - row.promo - row.reward;
    expect(started.paymentSession.amount).toBe(charged);
    expect(await rowOf(started.bookingId)).toMatchObject({
      total: charged,
      discountCents: row.member,
      discountReason: row.member > 0 ? `member-tier:${row.tier}` : null,
      promoCode: code.code,
      promoCents: row.promo,
      rewardCents: row.reward,
    });
    const { order } = await paid(started);
    expect(order.status).toBe('CONFIRMED');
    const [payment] = await shop.db.select().from(payments).where(eq(payments.id, (await rowOf(started.bookingId)).paymentId));
    expect(payment!.amount).toBe(charged);
    expect((await shop.db.select().from(promoUses).where(eq(promoUses.promoId, code.id)))[0]).toMatchObject({ state: 'used', cents: row.promo });
  });

  it('refuses each code that cannot be used, with its reason, and holds nothing', async () => {
    const selectedTime = await slot(50);
    const visitDate = selectedTime.slice(0, 10);
    const refusals: [Omit<PromoInput, 'code'> | null, Record<string, number>, string][] = [
      [null, { adult: 1 }, 'promoUnknown'],
      [{ kind: 'percent', value: 10, validUntil: '2027-05-11' }, { adult: 1 }, 'promoExpired'],
      [{ kind: 'percent', value: 10, validFrom: '2027-05-13' }, { adult: 1 }, 'promoNotYetValid'],
      [{ kind: 'percent', value: 10, productIds: ['express-pass'] }, { adult: 1 }, 'promoNotForProduct'],
      [{ kind: 'percent', value: 10, optionIds: ['main-deck/main-deck-sunset'] }, { adult: 1 }, 'promoNotForProduct'],
      [{ kind: 'percent', value: 10, visitFrom: '2030-01-01' }, { adult: 1 }, 'promoNotForVisitDate'],
      [{ kind: 'percent', value: 10, visitUntil: '2027-05-20' }, { adult: 1 }, 'promoNotForVisitDate'],
      [{ kind: 'percent', value: 10, minQuantity: 4 }, { adult: 3 }, 'promoMinQuantity'],
    ];
    for (const [input, quantities, key] of refusals) {
      const code = input ? (await promo(input)).code : 'NO-SUCH-CODE';
      const who = await member();
      await expect(startCheckout(shop.deps, who, request(selectedTime, quantities, { promoCode: code }), 'en')).rejects.toMatchObject({ code: 'PROMO_REFUSED', status: 409, key });
      expect(await shop.db.select().from(orders).where(eq(orders.userId, who.userId))).toEqual([]);
    }
    // The visit dates are inclusive: the very day is accepted.
    const onTheDay = await promo({ kind: 'percent', value: 10, visitFrom: visitDate, visitUntil: visitDate });
    await expect(startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: onTheDay.code }), 'en')).resolves.toBeDefined();

    // Paused by a manager (audited), refused; resumed, accepted.
    const paused = await promo({ kind: 'percent', value: 10 });
    await setPromoPaused(shop.db, { code: paused.code.toLowerCase(), paused: true, by: MANAGER });
    await expect(startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: paused.code }), 'en')).rejects.toMatchObject({ key: 'promoPaused' });
    await setPromoPaused(shop.db, { code: paused.code, paused: false, by: MANAGER });
    await expect(startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: paused.code }), 'en')).resolves.toBeDefined();

    // A Local Legend's 20 % already beats 10 %: the code would be spent for nothing.
    const weak = await promo({ kind: 'percent', value: 10 });
    await expect(startCheckout(shop.deps, await member('local-legend'), request(selectedTime, { adult: 1 }, { promoCode: weak.code }), 'en')).rejects.toMatchObject({ key: 'promoNoBetter' });
    expect(await usesOf(weak.id)).toBe(0);
  });

  it('refuses a code used up, and one the member already used', async () => {
    const selectedTime = await slot(51);
    const once = await promo({ kind: 'amount', value: 500, maxUses: 1 });
    await paid(await startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: once.code }), 'en'));
    await expect(startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: once.code }), 'en')).rejects.toMatchObject({ key: 'promoUsedUp' });

    const perMember = await promo({ kind: 'amount', value: 500, maxUsesPerMember: 1 });
    const who = await member();
    await paid(await startCheckout(shop.deps, who, request(selectedTime, { adult: 1 }, { promoCode: perMember.code }), 'en'));
    await expect(startCheckout(shop.deps, who, request(selectedTime, { adult: 1 }, { promoCode: perMember.code }), 'en')).rejects.toMatchObject({ key: 'promoAlreadyUsed' });
    await expect(startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: perMember.code }), 'en')).resolves.toBeDefined();
  });

  it('gives the use back when the hold runs out unpaid', async () => {
    const selectedTime = await slot(52);
    const code = await promo({ kind: 'amount', value: 500, maxUses: 1 });
    shop.clock = serverNow();
    const started = await startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: code.code }), 'en');
    expect(await usesOf(code.id)).toBe(1);
    shop.clock = new Date(serverNow().getTime() + 2 * 60 * 60_000);
    expect((await completePayment(shop.deps, started.paymentSession.id)).outcome).toBe('expired');
    shop.clock = undefined;
    expect(await usesOf(code.id)).toBe(0);
    await expect(startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: code.code }), 'en')).resolves.toBeDefined();
  });

  it('gives the use back when the booking is cancelled before its visit, refunding what was paid', async () => {
    const selectedTime = await slot(53);
    const code = await promo({ kind: 'amount', value: 500, maxUses: 1 });
    const started = await startCheckout(shop.deps, await member(), request(selectedTime, { adult: 2 }, { promoCode: code.code }), 'en');
    await paid(started);
    const row = await rowOf(started.bookingId);
    expect(row).toMatchObject({ total: 2 * (ADULT - 500), promoCode: code.code, promoCents: 1000 });
    const cancelled = await cancelBooking(shop.deps, { reference: row.supplierReference, refund: { kind: 'full' }, by: GATE_STAFF });
    expect(cancelled.refundAmount).toBe(2 * (ADULT - 500));
    expect(await usesOf(code.id)).toBe(0);
  });

  it('reports the uses kept by paid orders and their discount, per code; a use given back does not count', async () => {
    const selectedTime = await slot(54);
    const code = await promo({ kind: 'amount', value: 300 });
    await paid(await startCheckout(shop.deps, await member(), request(selectedTime, { adult: 2 }, { promoCode: code.code }), 'en'));
    await paid(await startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: code.code }), 'en'));
    // Held, never paid: not in the report.
    await startCheckout(shop.deps, await member(), request(selectedTime, { adult: 1 }, { promoCode: code.code }), 'en');
    const today = todayIn(TIME_ZONE, serverNow());
    const report = await promoReport(shop.db, { from: today, to: today });
    expect(report.byCode.find((r) => r.code === code.code)).toEqual({ code: code.code, uses: 2, cents: 900 });
    expect(report.uses).toBeGreaterThanOrEqual(2);
  });
});
