// The waitlist of sold-out slots, in process, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: who may
// join and in which place; freed places offered in line to the first whose tickets fit, held for them
// with an e-mail that leads to checkout; offers that run out go to the next; an offer follows its order in
// the order's own transaction (paid, released, closed unpaid), with no run of the waitlist job; leaving
// gives an offer back; and under 50 concurrent cancellations and expiries, with several workers at once, no
// place is offered twice and no one is skipped.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { closeDay } from '@/modules/calendar/close-day';
import { openDay as reopenDay } from '@/modules/calendar/open-day';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { joinWaitlist } from '@/modules/waitlist/join-waitlist';
import { leaveWaitlist } from '@/modules/waitlist/leave-waitlist';
import { memberWaitlist } from '@/modules/waitlist/member-waitlist';
import { offerFreedPlaces } from '@/modules/waitlist/offer-places';
import { waitlistOfDay } from '@/modules/waitlist/staff-waitlist';
import type { Program } from '@/config/program-schema';
import type { SupplierPort } from '@/ports/supplier';
import type { AppError } from '@/server/errors';
import { orders, waitlistEntries } from '@/server/db/schema';
import { sessionIdOf, signedUpMember, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { checkPayments } from '../support/jobs';
import { adults, firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

// The waitlist's own rules, on slots with no places kept for members: tests/integration/member-places.test.ts
// takes the allotment and the waitlist's priority by tier together (decision 0041).
const keepNoPlaces = (program: Program): Program => ({
  ...program,
  memberPlaces: { ...program.memberPlaces!, allotment: { ...program.memberPlaces!.allotment, percent: 0, options: {} } },
});

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const MINUTE = 60_000;
const EXPRESS = { productId: 'express-pass', optionId: 'express-main-top' }; // 20 places a slot
const TOP_DECK = { productId: 'main-and-top-deck', optionId: 'top-deck-day' }; // 60 places a slot

describe.each(TEST_BACKENDS)('the waitlist on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { program: keepNoPlaces });

  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error as AppError);
  const entryOf = async (id: string) => (await shop.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
  const vacancies = async (which: typeof EXPRESS, availabilityId: string) =>
    (await shop.deps.supplier.availability({ ...which, availabilityIds: [availabilityId] }))[0]!.vacancies ?? 0;

  /** Confirmed bookings straight at the supplier, `size` places each: the places other visitors took. */
  async function sell(supplier: SupplierPort, which: typeof EXPRESS, availabilityId: string, sizes: number[]) {
    const uuids: string[] = [];
    for (const size of sizes) {
      const hold = await supplier.createBooking({ ...which, availabilityId, unitItems: adults(size) });
      await supplier.confirmBooking(hold.uuid, { contact: { fullName: 'Another Visitor' } });
      uuids.push(hold.uuid);
    }
    return uuids;
  }

  async function soldOutSlot(which: typeof EXPRESS, daysAhead: number, sizes: number[]) {
    const day = await openDay(shop.deps.supplier, which.productId, which.optionId, daysAhead, 8);
    const availabilityId = await firstSlot(shop.deps.supplier, which.productId, which.optionId, day);
    const sold = await sell(shop.deps.supplier, which, availabilityId, sizes);
    return { day, availabilityId, sold };
  }

  it('members join a sold-out slot in line; a slot with places, a past or unknown slot, or a second place in line is refused', async () => {
    const day = await openDay(shop.deps.supplier, EXPRESS.productId, EXPRESS.optionId, 30, 8);
    const availabilityId = await firstSlot(shop.deps.supplier, EXPRESS.productId, EXPRESS.optionId, day);
    const ana = await signedUpMember(shop.db, 'ana', 'fr');
    const join = (member: { userId: string }, adult: number, selectedTime = availabilityId) =>
      joinWaitlist(shop.deps, member, { ...EXPRESS, quantities: { adult }, selectedTime }, 'fr');

    expect(await refusal(join(ana, 2))).toMatchObject({ status: 409, code: 'PLACES_AVAILABLE' });
    await sell(shop.deps.supplier, EXPRESS, availabilityId, [6, 6, 6, 1]);
    // One place left: two tickets wait, one would not.
    expect(await refusal(join(ana, 1))).toMatchObject({ code: 'PLACES_AVAILABLE' });
    expect(await join(ana, 2)).toMatchObject({ position: 1 });
    const ben = await signedUpMember(shop.db, 'ben', 'nl');
    expect(await join(ben, 3)).toMatchObject({ position: 2 });
    expect(await refusal(join(ana, 4))).toMatchObject({ status: 409, code: 'ALREADY_WAITING' });
    expect(await refusal(join(ben, 1, '2020-01-01T10:00:00-05:00'))).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(await refusal(join(ben, 1, `${day}T03:17:00-05:00`))).toMatchObject({ status: 400, code: 'VALIDATION' });
    expect(await refusal(joinWaitlist(shop.deps, ben, { ...EXPRESS, quantities: { dragon: 1 }, selectedTime: availabilityId }, 'fr'))).toMatchObject({ code: 'VALIDATION' });

    // A member waits for 5 times at most.
    const busy = await signedUpMember(shop.db, 'busy', 'fr');
    await shop.db.insert(waitlistEntries).values(
      Array.from({ length: 5 }, (_, i) => ({ userId: busy.userId, ...EXPRESS, availabilityId: `${day}T1${i}:00:00-05:00`, slotStart: new Date(`${day}T1${i}:00:00-05:00`), quantities: { adult: 1 }, places: 1, locale: 'fr' })),
    );
    expect(await refusal(join(busy, 2))).toMatchObject({ status: 409, code: 'WAITLIST_FULL' });
    // (Those five were only to count: no worker of the tests below may offer them places.)
    await shop.db.delete(waitlistEntries).where(eq(waitlistEntries.userId, busy.userId));
    // A closed day has no waitlist: a manager closes it, and reopens it.
    const calendar = { db: shop.db, supplier: shop.deps.supplier, ownInventory: true, now: shop.now };
    await closeDay(calendar, { date: day, reason: 'Private event', by: { kind: 'operator' } });
    expect(await refusal(join(ben, 2))).toMatchObject({ status: 409, code: 'DAY_CLOSED' });
    await reopenDay(calendar, { date: day, by: { kind: 'operator' } });

    const [mine] = await memberWaitlist(shop.deps, ben.userId, 'nl');
    expect(mine).toMatchObject({ status: 'WAITING', position: 2, places: 3, availabilityId });
    const staff = await waitlistOfDay(shop.db, day);
    expect(staff.find((s) => s.availabilityId === availabilityId)!.entries.map((e) => [e.position, e.email, e.places, e.status])).toEqual([
      [1, ana.email, 2, 'WAITING'],
      [2, ben.email, 3, 'WAITING'],
    ]);
    // Nothing was held for anyone: the slot still has its one place.
    expect(await vacancies(EXPRESS, availabilityId)).toBe(1);
  });

  it('freed places go in line to the first whose tickets fit, held with an e-mail to checkout; a lapsed offer passes to the next', async () => {
    shop.clock = undefined;
    const { availabilityId, sold } = await soldOutSlot(EXPRESS, 33, [6, 6, 4, 4]);
    const [first, second, third] = [await signedUpMember(shop.db, 'first', 'fr'), await signedUpMember(shop.db, 'second', 'nl'), await signedUpMember(shop.db, 'third', 'fr')];
    const a = await joinWaitlist(shop.deps, first, { ...EXPRESS, quantities: { adult: 3 }, selectedTime: availabilityId }, 'fr');
    const b = await joinWaitlist(shop.deps, second, { ...EXPRESS, quantities: { adult: 2 }, selectedTime: availabilityId }, 'nl');
    const c = await joinWaitlist(shop.deps, third, { ...EXPRESS, quantities: { adult: 1 }, selectedTime: availabilityId }, 'fr');

    // Nothing free yet: nobody is offered anything.
    expect((await offerFreedPlaces(shop.deps)).offered).toBe(0);
    // A visitor cancels 4 places: 3 for the first in line, the second's 2 do not fit in the 1 left, the third's 1 does.
    await shop.deps.supplier.cancelBooking(sold[2]!, { reason: 'test' });
    expect((await offerFreedPlaces(shop.deps)).offered).toBe(2);
    expect(await entryOf(a.entryId)).toMatchObject({ status: 'OFFERED' });
    expect(await entryOf(b.entryId)).toMatchObject({ status: 'WAITING' });
    expect(await entryOf(c.entryId)).toMatchObject({ status: 'OFFERED' });
    expect(await vacancies(EXPRESS, availabilityId)).toBe(0);
    // A second run offers nothing again.
    expect((await offerFreedPlaces(shop.deps)).offered).toBe(0);

    const [offerA] = await memberWaitlist(shop.deps, first.userId, 'fr');
    expect(offerA).toMatchObject({ status: 'OFFERED', places: 3 });
    const [orderA] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, offerA!.bookingId!));
    expect(orderA).toMatchObject({ status: 'PENDING_PAYMENT', userId: first.userId, availabilityId, total: expect.any(Number) });
    expect(orderA!.lines).toEqual([expect.objectContaining({ unitId: 'adult', quantity: 3 })]);
    const [mail] = await listOutbox(shop.db, first.email);
    expect(mail!.subject).toMatch(/^Des places/);
    expect(mail!.text).toContain(`http://localhost:3000/fr/checkout?uuid=${orderA!.bookingUuid}`);
    expect(mail!.html).toContain('lang="fr"');
    expect((await memberWaitlist(shop.deps, second.userId, 'nl'))[0]).toMatchObject({ status: 'WAITING', position: 1 });

    // The third pays: BOOKED. The first lets the offer run out: EXPIRED, and the 3 places go to the second.
    const [offerC] = await memberWaitlist(shop.deps, third.userId, 'fr');
    const [orderC] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, offerC!.bookingId!));
    await shop.deps.gateway.pay(await sessionIdOf(shop.db, orderC!), CARD);
    await completeCheckout(shop.deps, await sessionIdOf(shop.db, orderC!));
    // Booked in the order's own confirmation: no run of the waitlist job in between.
    expect(await entryOf(c.entryId)).toMatchObject({ status: 'BOOKED' });
    // Paid: it is a booking now, not a place in line to leave.
    expect(await refusal(leaveWaitlist(shop.deps, third, c.entryId))).toMatchObject({ status: 409, code: 'ALREADY_BOOKED' });
    shop.clock = new Date(orderA!.holdExpiresAt.getTime() + MINUTE);
    const run = await offerFreedPlaces(shop.deps);
    expect(run).toMatchObject({ expired: 0, offered: 1 });
    expect(await entryOf(b.entryId)).toMatchObject({ status: 'OFFERED' });
    expect(await vacancies(EXPRESS, availabilityId)).toBe(1);
    // The first's offer ran out: it reads as over everywhere, though its payment may still come in the
    // gateway's grace, so the row waits for the payment to close.
    expect(await memberWaitlist(shop.deps, first.userId, 'fr')).toEqual([]);
    const day = availabilityId.slice(0, 10);
    expect((await waitlistOfDay(shop.db, day, shop.now())).find((s) => s.availabilityId === availabilityId)!.entries.map((e) => e.email)).toEqual([second.email]);
    expect(await entryOf(a.entryId)).toMatchObject({ status: 'OFFERED' });
    // Its payment closes unpaid (its check job finds the session expired): EXPIRED in that transaction.
    shop.clock = new Date(orderA!.holdExpiresAt.getTime() + 11 * MINUTE);
    await checkPayments(shop.deps);
    expect(await entryOf(a.entryId)).toMatchObject({ status: 'EXPIRED', closedAt: shop.clock });

    // The second leaves while offered: the two places come back at once, and nobody else waits.
    const [offerB] = await memberWaitlist(shop.deps, second.userId, 'nl');
    expect(await leaveWaitlist(shop.deps, second, b.entryId)).toEqual({ left: true });
    expect(await entryOf(b.entryId)).toMatchObject({ status: 'LEFT' });
    const [orderB] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, offerB!.bookingId!));
    expect(orderB!.releasedAt).not.toBeNull();
    expect(await vacancies(EXPRESS, availabilityId)).toBe(3);
    expect(await refusal(leaveWaitlist(shop.deps, second, b.entryId))).toMatchObject({ status: 404 });
    // Someone else's entry is not found either.
    expect(await refusal(leaveWaitlist(shop.deps, first, c.entryId))).toMatchObject({ status: 404 });
    shop.clock = undefined;
  });

  it('ends an offer in the transaction that releases its order (the member booked something else), with no run of the waitlist job', async () => {
    shop.clock = undefined;
    const { availabilityId, sold } = await soldOutSlot(EXPRESS, 39, [6, 6, 4, 4]);
    const member = await signedUpMember(shop.db, 'rebooks', 'fr');
    const entry = await joinWaitlist(shop.deps, member, { ...EXPRESS, quantities: { adult: 2 }, selectedTime: availabilityId }, 'fr');
    await shop.deps.supplier.cancelBooking(sold[2]!, { reason: 'test' });
    expect((await offerFreedPlaces(shop.deps)).offered).toBe(1);
    const offered = await entryOf(entry.entryId);
    expect(offered.status).toBe('OFFERED');

    // A new Book of the member releases the older unpaid order, the offer's: the entry ends with it.
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', 41, 4);
    const selectedTime = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime }, 'fr');
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, offered.orderId!));
    expect(order!.releasedAt).not.toBeNull();
    expect(await entryOf(entry.entryId)).toMatchObject({ status: 'EXPIRED', closedAt: order!.releasedAt });
    expect(await vacancies(EXPRESS, availabilityId)).toBe(4);
  });

  it('under 50 concurrent cancellations and expiries, with four workers at once, each freed place is offered once, in line', async () => {
    shop.clock = undefined;
    const day = await openDay(shop.deps.supplier, TOP_DECK.productId, TOP_DECK.optionId, 36, 8);
    const availabilityId = await firstSlot(shop.deps.supplier, TOP_DECK.productId, TOP_DECK.optionId, day);
    // 60 places: 35 sold (25 of them will be cancelled), 25 held for 5 minutes (they will run out).
    const sold = await sell(shop.deps.supplier, TOP_DECK, availabilityId, Array.from({ length: 35 }, () => 1));
    const holds = await Promise.all(
      Array.from({ length: 25 }, () => shop.deps.supplier.createBooking({ ...TOP_DECK, availabilityId, unitItems: adults(1), expirationMinutes: 5 })),
    );
    expect(holds).toHaveLength(25);
    expect(await vacancies(TOP_DECK, availabilityId)).toBe(0);

    const members = [];
    for (let i = 0; i < 60; i++) members.push(await signedUpMember(shop.db, `line${i}`, i % 2 ? 'nl' : 'fr'));
    const entries = [];
    for (const member of members) entries.push((await joinWaitlist(shop.deps, member, { ...TOP_DECK, quantities: { adult: 1 }, selectedTime: availabilityId }, 'fr')).entryId);

    // The 25 holds run out, 25 bookings are cancelled at the same moment, and four workers (four servers)
    // offer places while it happens.
    shop.clock = new Date(serverNow().getTime() + 10 * MINUTE);
    const workers = async () => {
      for (let i = 0; i < 6; i++) await offerFreedPlaces(shop.deps);
    };
    await Promise.all([
      ...sold.slice(0, 25).map((uuid) => shop.deps.supplier.cancelBooking(uuid, { reason: 'test' })),
      workers(),
      workers(),
      workers(),
      workers(),
    ]);
    // Workers go on offering until the 50 freed places are offered (an availability read may be up to 2 s
    // old, so the last places show only then); a 51st offer would never let this reach 50.
    const offeredCount = async () => {
      await Promise.all([offerFreedPlaces(shop.deps), offerFreedPlaces(shop.deps)]);
      const rows = await shop.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.optionId, TOP_DECK.optionId), eq(waitlistEntries.availabilityId, availabilityId)));
      return rows.filter((r) => r.status === 'OFFERED').length;
    };
    await expect.poll(offeredCount, { timeout: 15_000, interval: 250 }).toBe(50);

    const rows = await shop.db.select().from(waitlistEntries).where(and(eq(waitlistEntries.optionId, TOP_DECK.optionId), eq(waitlistEntries.availabilityId, availabilityId)));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const statuses = entries.map((id) => byId.get(id)!.status);
    // Exactly the first 50 in line are offered, the last 10 wait: nobody skipped, nobody offered twice.
    expect(statuses.slice(0, 50)).toEqual(Array.from({ length: 50 }, () => 'OFFERED'));
    expect(statuses.slice(50)).toEqual(Array.from({ length: 10 }, () => 'WAITING'));
    const orderIds = rows.filter((r) => r.status === 'OFFERED').map((r) => r.orderId);
    expect(new Set(orderIds).size).toBe(50);
    const offered = await shop.db.select().from(orders).where(eq(orders.availabilityId, availabilityId));
    expect(offered.filter((o) => o.status === 'PENDING_PAYMENT')).toHaveLength(50);
    expect(await vacancies(TOP_DECK, availabilityId)).toBe(0);
    // Each member got one offer e-mail.
    const mails = await Promise.all(members.slice(0, 50).map((m) => listOutbox(shop.db, m.email)));
    expect(mails.map((m) => m.length)).toEqual(Array.from({ length: 50 }, () => 1));
    expect((await memberWaitlist(shop.deps, members[50]!.userId, 'fr'))[0]).toMatchObject({ status: 'WAITING', position: 1 });
    shop.clock = undefined;
  }, 180_000);
});
