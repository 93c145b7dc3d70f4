// Points earned per admitted ticket (issue #24, decision 0037), in process on PGlite and PostgreSQL: a
// member's paid order writes its tickets' points pending, in the payment's transaction; each ticket's
// admission confirms its points; confirmed points expire 12 months after the admission, when the recurring
// `program.points-expiry` job runs (twice: once); a cancellation or a refund voids them; a change keeps
// the total the current tickets earn; the ledger never lets a balance go negative.
import { serverNow } from '@/server/clock';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import type { RefundChoice } from '@/modules/bookings/refund-choice';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, undoAdmission } from '@/modules/gate/scan-ticket';
import { enqueue } from '@/modules/jobs/enqueue';
import { recurringKey } from '@/modules/jobs/recurring';
import { getMembership } from '@/modules/loyalty/membership';
import { redeemBooking } from '@/modules/loyalty/redeem-tickets';
import { expirePoints, pointsJobHandlers } from '@/modules/program/points-jobs';
import { programJobHandlers } from '@/modules/program/tier-jobs';
import { memberPoints, orders } from '@/server/db/schema';
import { localDatePart } from '@/universal/local-date';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';
import { firstSlot, openDay } from './supplier-scenarios';


/** Noon in New York on a local date: a clock the tests set. */
const noonOn = (localDate: string) => new Date(`${localDate}T12:00:00-05:00`);

describe.each(TEST_BACKENDS)('points earned per admitted ticket on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  /** A paid booking of an adult, a child and an infant (by default) for the first slot of a day of its own. */
  async function booking(member: { userId: string; email: string }, daysAhead: number, quantities: Record<string, number> = { adult: 1, child: 1, infant: 1 }) {
    shop.clock = serverNow();
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 4);
    const selectedTime = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime }, 'en');
    await (shop.deps.gateway as ReturnType<typeof createTestGateway>).pay(checkout.paymentSession.id, TEST_CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    return { order, start: new Date(selectedTime), day };
  }

  /** The ticket of `unitId` scanned at the shop.gate five minutes into the slot. */
  async function admit(booked: Awaited<ReturnType<typeof booking>>, unitId: string) {
    shop.clock = new Date(booked.start.getTime() + 5 * 60_000);
    const ticket = booked.order.tickets!.find((t) => t.unitId === unitId)!;
    expect(await scanTicket(shop.gate, { code: ticket.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
    return ticket;
  }

  const points = async (userId: string, locale: 'en' | 'de' = 'en') => (await getMembership(shop.db, userId, locale, shop.now())).points;
  const linesOf = (userId: string) => shop.db.select().from(memberPoints).where(eq(memberPoints.userId, userId)).orderBy(asc(memberPoints.earnedAt), asc(memberPoints.points));
  /** The recurring expiry job of the day holding the test's shop.now(), run as the runner would. */
  async function runExpiryJob() {
    await enqueue(shop.db, 'program.points-expiry', {}, { dedupeKey: recurringKey('program.points-expiry', shop.now()), wake: false });
    return runJobs(shop.db, pointsJobHandlers(shop.db), shop.now());
  }

  it('writes the tickets’ points pending with the payment, confirms each at its admission, and expires them 12 months later, once', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 0, nextExpiry: null });
    const booked = await booking(member, 20);
    // 100 for the adult, 50 for the child, no line for the infant: every point a line with its ticket.
    expect((await linesOf(member.userId)).map((l) => [l.unitId, l.points, l.state, l.reason, l.bookingReference])).toEqual([
      ['child', 50, 'pending', 'ticket', booked.order.supplierReference],
      ['adult', 100, 'pending', 'ticket', booked.order.supplierReference],
    ]);
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 150, nextExpiry: null });

    await admit(booked, 'adult');
    const expiresOn = `${Number(booked.day.slice(0, 4)) + 1}${booked.day.slice(4)}`;
    expect(await points(member.userId)).toEqual({ balance: 100, pending: 50, nextExpiry: { points: 100, on: expiresOn, onText: expect.any(String) } });
    await admit(booked, 'child');
    const shown = await points(member.userId);
    expect(shown).toEqual({ balance: 150, pending: 0, nextExpiry: { points: 150, on: expiresOn, onText: expect.any(String) } });
    // The date as the visitor's language writes it.
    const [y, m, d] = expiresOn.split('-').map(Number) as [number, number, number];
    expect(shown.nextExpiry!.onText).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d, 12))));
    expect((await points(member.userId, 'de')).nextExpiry!.onText).toBe(`${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`);

    // The day before the anniversary, nothing expires.
    shop.clock = noonOn(localDatePart(new Date(noonOn(expiresOn).getTime() - 86_400_000).toISOString()));
    expect((await runExpiryJob()).done).toBeGreaterThan(0);
    expect(await points(member.userId)).toMatchObject({ balance: 150 });
    expect((await linesOf(member.userId)).map((l) => l.state)).toEqual(['confirmed', 'confirmed']);

    // On the anniversary the balance leaves them out, and the day's job marks them expired.
    shop.clock = noonOn(expiresOn);
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 0, nextExpiry: null });
    await runExpiryJob();
    const expired = await linesOf(member.userId);
    expect(expired.map((l) => [l.state, l.closeReason, l.closedAt?.toISOString()])).toEqual([
      ['expired', 'expired', shop.now().toISOString()],
      ['expired', 'expired', shop.now().toISOString()],
    ]);
    // A second run (the next day's, or the same day's again) expires nothing more and keeps the first's record.
    const firstRun = shop.now();
    shop.clock = new Date(shop.now().getTime() + 86_400_000);
    expect((await runExpiryJob()).failed).toBe(0);
    expect(await expirePoints(shop.db, shop.now())).toBe(0);
    expect((await linesOf(member.userId)).map((l) => [l.state, l.closedAt?.toISOString()])).toEqual([
      ['expired', firstRun.toISOString()],
      ['expired', firstRun.toISOString()],
    ]);
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 0, nextExpiry: null });
  });

  it('confirms every ticket’s points and counts the visit when the booking is redeemed as a whole (npm run ops -- redeem)', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const booked = await booking(member, 23);
    expect(await points(member.userId)).toMatchObject({ balance: 0, pending: 150 });
    // The visit's day: the operator redeems the booking at the shop.gate.
    shop.clock = new Date(booked.start.getTime() + 5 * 60_000);
    const first = await redeemBooking(shop.db, shop.deps.supplier, booked.order.supplierReference);
    expect(first.alreadyRedeemed).toBe(false);
    await runJobs(shop.db, programJobHandlers(shop.db), shop.now());
    expect(await points(member.userId)).toMatchObject({ balance: 150, pending: 0 });
    expect((await getMembership(shop.db, member.userId, 'en', shop.now())).visits).toBe(1);
    // Redeemed again: nothing more.
    expect((await redeemBooking(shop.db, shop.deps.supplier, booked.order.supplierReference)).alreadyRedeemed).toBe(true);
    expect(await points(member.userId)).toMatchObject({ balance: 150, pending: 0 });
  });

  it('puts the points of an undone admission back to pending', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const booked = await booking(member, 22, { adult: 1 });
    const ticket = await admit(booked, 'adult');
    expect(await points(member.userId)).toMatchObject({ balance: 100, pending: 0 });
    shop.clock = new Date(shop.now().getTime() + 60_000);
    await undoAdmission(shop.gate, { ticket: ticket.reference, by: GATE_STAFF });
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 100, nextExpiry: null });
    await admit(booked, 'adult');
    expect(await points(member.userId)).toMatchObject({ balance: 100, pending: 0 });
  });

  it.each<[string, RefundChoice, string]>([
    ['a cancellation', { kind: 'none' }, 'cancelled'],
    ['a refund', { kind: 'full' }, 'refunded'],
  ])('voids the pending points on %s', async (_, refund, reason) => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const kept = await booking(member, 24, { adult: 1 });
    const cancelled = await booking(member, 26);
    expect(await points(member.userId)).toMatchObject({ pending: 250 });
    shop.clock = serverNow();
    await cancelBooking(shop.deps, { reference: cancelled.order.supplierReference, refund, by: GATE_STAFF });
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 100, nextExpiry: null });
    const lines = await shop.db.select().from(memberPoints).where(eq(memberPoints.bookingUuid, cancelled.order.bookingUuid));
    expect(lines.map((l) => [l.state, l.closeReason])).toEqual([
      ['void', reason],
      ['void', reason],
    ]);
    // The other booking's points are untouched, and count once admitted.
    await admit(kept, 'adult');
    expect(await points(member.userId)).toMatchObject({ balance: 100, pending: 0 });
  });

  it('keeps the total right when a change replaces the tickets: the old tickets’ points void, the new ones’ pending', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const booked = await booking(member, 28, { adult: 1, child: 1 });
    expect(await points(member.userId)).toMatchObject({ pending: 150 });
    shop.clock = serverNow();
    const later = (await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: booked.day, localDateEnd: booked.day })).filter((s) => s.available && s.id !== booked.order.availabilityId).at(-1)!;
    // A cheaper selection (the child stays home, an infant comes): refunded the difference, no payment.
    const changed = await changeBooking(shop.deps, { userId: member.userId }, { bookingId: booked.order.supplierReference, quantities: { adult: 1, infant: 1 }, selectedTime: later.id, confirm: true }, 'en');
    expect(changed.changed).toBe(true);
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 100, nextExpiry: null });
    const lines = await linesOf(member.userId);
    const [order] = await shop.db.select({ tickets: orders.tickets }).from(orders).where(eq(orders.id, booked.order.id));
    const newAdult = order!.tickets!.find((t) => t.unitId === 'adult')!;
    expect(lines.filter((l) => l.state === 'void').map((l) => [l.unitId, l.closeReason])).toEqual([
      ['child', 'changed'],
      ['adult', 'changed'],
    ]);
    expect(lines.filter((l) => l.state === 'pending').map((l) => [l.unitId, l.points, l.ticketReference])).toEqual([['adult', 100, newAdult.reference]]);

    // The new ticket's admission confirms its points; the replaced ones stay void.
    shop.clock = new Date(new Date(later.id).getTime() + 5 * 60_000);
    expect(await scanTicket(shop.gate, { code: newAdult.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
    expect(await points(member.userId)).toMatchObject({ balance: 100, pending: 0 });
  });

  it('never lets a balance go negative or a point be spent twice: the ledger refuses it', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const booked = await booking(member, 30, { adult: 1 });
    await admit(booked, 'adult');
    const [line] = await linesOf(member.userId);
    const spend = (spent: number) => shop.db.update(memberPoints).set({ spent }).where(eq(memberPoints.id, line!.id));
    await expect(spend(101)).rejects.toThrow();
    await expect(spend(-1)).rejects.toThrow();
    await expect(shop.db.insert(memberPoints).values({ ...line!, id: undefined, ticketReference: 'ANOTHER', points: -100 })).rejects.toThrow();
    // The same ticket earns once, however often its order's completion is replayed.
    await expect(shop.db.insert(memberPoints).values({ ...line!, id: undefined })).rejects.toThrow();
    await spend(100);
    expect(await points(member.userId)).toEqual({ balance: 0, pending: 0, nextExpiry: null });
    expect(await shop.db.select().from(memberPoints).where(and(eq(memberPoints.userId, member.userId), eq(memberPoints.state, 'confirmed')))).toHaveLength(1);
  });

  it('earns nothing for a booking without a member (a reseller’s)', async () => {
    const reseller = createLocalSupplier(shop.db, { resellerId: 'partner', now: shop.now });
    shop.clock = serverNow();
    const day = await openDay(reseller, 'main-deck', 'main-deck-day', 32, 1);
    const selectedTime = await firstSlot(reseller, 'main-deck', 'main-deck-day', day);
    const held = await reseller.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: selectedTime, unitItems: [{ unitId: 'adult' }] });
    const confirmed = await reseller.confirmBooking(held.uuid, { contact: { fullName: 'Guest' } });
    shop.clock = new Date(new Date(selectedTime).getTime() + 60_000);
    expect(await scanTicket(shop.gate, { code: confirmed.supplierReference!, gate: 'North', by: GATE_STAFF, admit: confirmed.unitItems.map((u) => u.supplierReference!) })).toMatchObject({ verdict: 'VALID' });
    expect(await shop.db.select().from(memberPoints).where(eq(memberPoints.bookingUuid, confirmed.uuid))).toEqual([]);
  });
});
