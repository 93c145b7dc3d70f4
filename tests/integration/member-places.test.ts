// Places kept for members (issue #24 deliverable 3, decision 0041), in process on PGlite and PostgreSQL:
// the allotment race (a slot of 20 places, 4 kept: 100 Regulars, 100 Explorers and a reseller at once),
// the allotment back on general sale 48 hours before the slot, the same answer from the website and the
// OCTO API, a member-only slot, and the waitlist's priority by tier.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { checkAvailability } from '@/modules/catalog/check-availability';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { allotmentUse } from '@/modules/program/allotment-use';
import type { Program } from '@/config/program-schema';
import { joinWaitlist } from '@/modules/waitlist/join-waitlist';
import { memberWaitlist } from '@/modules/waitlist/member-waitlist';
import { offerFreedPlaces } from '@/modules/waitlist/offer-places';
import type { Database } from '@/server/db/client';
import { bookings, memberTiers, waitlistEntries } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { addLocalDays, weekdayOf } from '@/universal/local-date';
import { signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { FIXED_TODAY } from '../support/fixed-date';
import { adults } from './supplier-scenarios';

// The demo program keeps 10 % of every option; this file's keeps 20 % of Express Main + Top (20 places a
// slot, so 4 kept), as the race has it. Everything else is the demo program.
const keepFifthOfExpress = (program: Program): Program => {
  const allotment = program.memberPlaces!.allotment;
  return { ...program, memberPlaces: { ...program.memberPlaces!, allotment: { ...allotment, options: { ...allotment.options, 'express-main-top': 20 } } } };
};

const EXPRESS = { productId: 'express-pass', optionId: 'express-main-top' };
const SUNRISE = { productId: 'sunrise', optionId: 'sunrise-weekend' };
const HOUR = 3_600_000;
type Tier = 'explorer' | 'regular' | 'local-legend';

describe.each(TEST_BACKENDS)('places kept for members on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { program: keepFifthOfExpress });
  const reseller = () => createLocalSupplier(shop.db, { resellerId: 'partner', now: shop.now });
  const outcome = <T,>(promise: Promise<T>) => promise.then((value) => ({ value }), (error: unknown) => ({ error }));

  async function member(db: Database, label: string, tier: Tier) {
    const signedUp = await signedUpMember(db, label, 'en');
    await db.update(memberTiers).set({ tierId: tier }).where(eq(memberTiers.userId, signedUp.userId));
    return signedUp;
  }

  const slotOn = (localDate: string, time: string) => `${localDate}T${time}:00-04:00`;
  const bookAdult = (who: { userId: string; email: string }, selectedTime: string, which = EXPRESS, adult = 1) =>
    startCheckout(shop.deps, who, { ...which, quantities: { adult }, selectedTime }, 'en');

  async function soldOn(availabilityId: string, optionId = EXPRESS.optionId) {
    return shop.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.optionId, optionId), eq(bookings.availabilityId, availabilityId), inArray(bookings.status, ['ON_HOLD', 'CONFIRMED', 'REDEEMED'])));
  }

  it('shows the same slot to the website and the OCTO API: an Explorer and a reseller 16 places, a Regular 20 with 4 kept for members', async () => {
    const selectedTime = slotOn(addLocalDays(FIXED_TODAY, 20), '10:00');
    const selectedDate = selectedTime.slice(0, 10);
    const asked = { ...EXPRESS, selectedDate, quantities: { adult: 1 } };
    const [explorer] = (await checkAvailability(shop.deps.supplier, asked, shop.now(), { extraUnits: 0, memberTier: 'explorer' })).filter((s) => s.id === selectedTime);
    const [regular] = (await checkAvailability(shop.deps.supplier, asked, shop.now(), { extraUnits: 2, memberTier: 'regular' })).filter((s) => s.id === selectedTime);
    expect(explorer).toMatchObject({ vacancies: 16, capacity: 16, available: true });
    expect(explorer).not.toHaveProperty('keptForMembers');
    expect(regular).toMatchObject({ vacancies: 20, capacity: 20, available: true, keptForMembers: 4 });

    // A reseller's answer is OCTO's alone: the places kept are out of sight, and no Skypass field says so,
    // even when it asks with a member's tier.
    const [octo] = await reseller().availability({ ...EXPRESS, availabilityIds: [selectedTime], memberTier: 'local-legend' });
    expect(octo).toMatchObject({ vacancies: 16, capacity: 16, available: true, status: 'AVAILABLE' });
    expect(octo).not.toHaveProperty('keptForMembers');
    expect(octo!.unitPricing?.find((p) => p.unitId === 'adult')?.retail).toBe(explorer!.total);
  });

  it('the allotment race: 100 Regulars, 100 Explorers and a reseller at once never oversell, never give others the 4 places kept, and serve every Regular who asked while a place was left', async () => {
    const selectedTime = slotOn(addLocalDays(FIXED_TODAY, 21), '11:00');
    const regulars = await Promise.all(Array.from({ length: 100 }, (_, i) => member(shop.db, `regular${i}`, 'regular')));
    const explorers = await Promise.all(Array.from({ length: 100 }, (_, i) => member(shop.db, `explorer${i}`, 'explorer')));
    const partner = reseller();

    const [fromRegulars, fromExplorers, fromReseller] = await Promise.all([
      Promise.all(regulars.map((who) => outcome(bookAdult(who, selectedTime)))),
      Promise.all(explorers.map((who) => outcome(bookAdult(who, selectedTime)))),
      outcome(partner.createBooking({ ...EXPRESS, availabilityId: selectedTime, unitItems: adults(6) })),
    ]);

    const sold = await soldOn(selectedTime);
    const places = (rows: typeof sold) => rows.reduce((n, row) => n + row.unitCount, 0);
    const byRegulars = sold.filter((row) => row.memberTier === 'regular');
    const byOthers = sold.filter((row) => row.memberTier !== 'regular');
    // Never more than the slot's 20 places, and here all of them: 100 Regulars asked for one each.
    expect(places(sold)).toBe(20);
    // Explorers and the reseller never take the places kept.
    expect(places(byOthers)).toBeLessThanOrEqual(16);
    expect(byOthers.every((row) => row.keptPlaces === 0)).toBe(true);
    // The 4 places kept went to Regulars, each recorded on the booking that took it.
    expect(byRegulars.reduce((n, row) => n + row.keptPlaces, 0)).toBe(4);
    expect(fromRegulars.filter((r) => 'value' in r)).toHaveLength(byRegulars.length);
    expect(byRegulars.length).toBeGreaterThanOrEqual(4);
    // "Every Regular who asked before the members' places ran out got one": the places kept are the last
    // to go, and a Regular may take any free place, so a Regular is refused only when, under the slot's
    // lock, not one place was left ("sold out"), never for a lack of general places while some were kept.
    for (const refused of fromRegulars.filter((r) => 'error' in r)) {
      expect(refused.error).toBeInstanceOf(AppError);
      expect(refused.error).toMatchObject({ code: 'SOLD_OUT', key: 'soldOut' });
    }
    for (const refused of fromExplorers.filter((r) => 'error' in r)) expect(refused.error).toMatchObject({ code: 'SOLD_OUT' });
    if ('error' in fromReseller) expect(fromReseller.error).toMatchObject({ code: 'UNPROCESSABLE_ENTITY' });
  }, 120_000);

  it('gives the places kept back to general sale 48 hours before the slot: then anyone may take all 20', async () => {
    const selectedTime = slotOn(addLocalDays(FIXED_TODAY, 22), '12:00');
    const start = new Date(selectedTime);
    const partner = reseller();
    const sell = async (n: number) => {
      const hold = await partner.createBooking({ ...EXPRESS, availabilityId: selectedTime, unitItems: adults(n) });
      return partner.confirmBooking(hold.uuid, { contact: { fullName: 'A Partner Guest' } });
    };
    try {
      shop.clock = new Date(start.getTime() - 49 * HOUR);
      await sell(6);
      await sell(6);
      await sell(4);
      await expect(sell(1)).rejects.toMatchObject({ code: 'UNPROCESSABLE_ENTITY', refusal: { reason: 'SOLD_OUT' } });
      const explorer = await member(shop.db, 'late-explorer', 'explorer');
      await expect(bookAdult(explorer, selectedTime)).rejects.toMatchObject({ code: 'SOLD_OUT', key: 'soldOut' });

      // 48 hours before: the 4 places kept are everyone's.
      shop.clock = new Date(start.getTime() - 48 * HOUR);
      const [seen] = await partner.availability({ ...EXPRESS, availabilityIds: [selectedTime] });
      expect(seen).toMatchObject({ vacancies: 4, capacity: 20 });
      await bookAdult(explorer, selectedTime);
      await sell(3);
      const sold = await soldOn(selectedTime);
      expect(sold.reduce((n, row) => n + row.unitCount, 0)).toBe(20);
      expect(sold.every((row) => row.keptPlaces === 0)).toBe(true);
      await expect(sell(1)).rejects.toMatchObject({ refusal: { reason: 'SOLD_OUT' } });
    } finally {
      shop.clock = undefined;
    }
  });

  it('reports the allotment of a day: the places kept, those members booked from them, and those released unsold', async () => {
    const selectedTime = slotOn(addLocalDays(FIXED_TODAY, 23), '14:00');
    const day = selectedTime.slice(0, 10);
    const partner = reseller();
    for (const size of [6, 6, 4]) {
      const hold = await partner.createBooking({ ...EXPRESS, availabilityId: selectedTime, unitItems: adults(size) });
      await partner.confirmBooking(hold.uuid, { contact: { fullName: 'A Partner Guest' } });
    }
    // The general places are gone: the Regular's ticket is one of the 4 kept, paid for.
    const checkout = await bookAdult(await member(shop.db, 'reported-regular', 'regular'), selectedTime);
    await shop.deps.gateway.pay(checkout.paymentSession.id, TEST_CARD);
    await completeCheckout(shop.deps, checkout.paymentSession.id);

    const [today] = await allotmentUse(shop.db, { from: day, to: day }, shop.now());
    expect(today).toMatchObject({ date: day, booked: 1, released: 0 });
    // Every open slot of the day keeps its share: 4 of this one's 20, and more on the other options.
    expect(today!.kept).toBeGreaterThan(4);
    // Once every slot of the day is released, the places kept and not booked went back on general sale.
    const [after] = await allotmentUse(shop.db, { from: day, to: day }, new Date(`${day}T23:59:00-04:00`));
    expect(after).toMatchObject({ kept: today!.kept, booked: 1, released: today!.kept - 1 });
    await expect(allotmentUse(shop.db, { from: day, to: addLocalDays(day, -1) })).rejects.toMatchObject({ code: 'VALIDATION', key: 'reportRangeOrder' });
  });

  it('keeps weekend sunrise for Local Legends: an Explorer and a Regular are refused with the reason, a Local Legend books it, a reseller never sees it bookable', async () => {
    let saturday = addLocalDays(FIXED_TODAY, 10);
    while (weekdayOf(saturday) !== 6) saturday = addLocalDays(saturday, 1);
    const sunrise = slotOn(saturday, '06:30');
    const friday = slotOn(addLocalDays(saturday, -1), '06:30');

    for (const tier of ['explorer', 'regular'] as const) {
      const who = await member(shop.db, `early-${tier}`, tier);
      await expect(bookAdult(who, sunrise, SUNRISE)).rejects.toMatchObject({ code: 'SOLD_OUT', key: 'membersOnlySlot' });
      const [slot] = await checkAvailability(shop.deps.supplier, { ...SUNRISE, selectedDate: saturday, quantities: { adult: 1 } }, shop.now(), { extraUnits: 0, memberTier: tier });
      expect(slot).toMatchObject({ id: sunrise, available: false, status: 'CLOSED', membersOnlyTier: 'local-legend' });
      await expect(joinWaitlist(shop.deps, who, { ...SUNRISE, quantities: { adult: 1 }, selectedTime: sunrise }, 'en')).rejects.toMatchObject({ key: 'membersOnlySlot' });
    }
    // Friday's sunrise is everyone's.
    await bookAdult(await member(shop.db, 'friday-explorer', 'explorer'), friday, SUNRISE);

    const legend = await member(shop.db, 'legend', 'local-legend');
    const [legendSees] = await checkAvailability(shop.deps.supplier, { ...SUNRISE, selectedDate: saturday, quantities: { adult: 2 } }, shop.now(), { extraUnits: 2, memberTier: 'local-legend' });
    expect(legendSees).toMatchObject({ id: sunrise, available: true });
    expect(legendSees).not.toHaveProperty('membersOnlyTier');
    await bookAdult(legend, sunrise, SUNRISE, 2);
    expect((await soldOn(sunrise, SUNRISE.optionId)).map((row) => [row.memberTier, row.unitCount])).toEqual([['local-legend', 2]]);

    const partner = reseller();
    const [octo] = await partner.availability({ ...SUNRISE, availabilityIds: [sunrise] });
    expect(octo).toMatchObject({ available: false, status: 'CLOSED', vacancies: 0 });
    expect(octo).not.toHaveProperty('membersOnlyTier');
    const [day] = await partner.availabilityCalendar({ ...SUNRISE, localDateStart: saturday, localDateEnd: saturday });
    expect(day).toMatchObject({ available: false, status: 'CLOSED' });
    await expect(partner.createBooking({ ...SUNRISE, availabilityId: sunrise, unitItems: adults(1) })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_ENTITY',
      refusal: { reason: 'MEMBERS_ONLY', tierId: 'local-legend' },
    });
  });

  it('offers a freed place to a Local Legend who joined the waitlist after an Explorer, and shows each their place in line', async () => {
    // Tomorrow: the places kept are on general sale already, so the Explorer could take the freed place too.
    const selectedTime = slotOn(addLocalDays(FIXED_TODAY, 1), '13:00');
    const partner = reseller();
    const holds = [];
    for (const size of [6, 6, 6, 1, 1]) {
      const hold = await partner.createBooking({ ...EXPRESS, availabilityId: selectedTime, unitItems: adults(size) });
      holds.push(await partner.confirmBooking(hold.uuid, { contact: { fullName: 'A Partner Guest' } }));
    }
    const explorer = await member(shop.db, 'waiting-explorer', 'explorer');
    const legend = await member(shop.db, 'waiting-legend', 'local-legend');
    const join = (who: { userId: string }) => joinWaitlist(shop.deps, who, { ...EXPRESS, quantities: { adult: 1 }, selectedTime }, 'en');
    const explorerJoined = await join(explorer);
    expect(explorerJoined).toMatchObject({ position: 1 });
    // The Local Legend joins later and goes ahead: the Explorer's place in line becomes 2.
    expect(await join(legend)).toMatchObject({ position: 1 });
    expect((await memberWaitlist(shop.deps, explorer.userId, 'en')).map((p) => p.position)).toEqual([2]);

    await partner.cancelBooking(holds[4]!.uuid, { reason: 'The guest cannot come' });
    expect(await offerFreedPlaces(shop.deps)).toMatchObject({ offered: 1 });
    const entries = await shop.db.select().from(waitlistEntries).where(eq(waitlistEntries.availabilityId, selectedTime));
    expect(entries.find((e) => e.userId === legend.userId)).toMatchObject({ status: 'OFFERED' });
    expect(entries.find((e) => e.userId === explorer.userId)).toMatchObject({ status: 'WAITING' });
    expect(explorerJoined.entryId).toBe(entries.find((e) => e.userId === explorer.userId)!.id);
    expect((await memberWaitlist(shop.deps, explorer.userId, 'en')).map((p) => p.position)).toEqual([1]);
  });
});
