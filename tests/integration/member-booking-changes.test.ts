// Changing a booking with a member's extra tickets (decision 0038), in process on PGlite and PostgreSQL: a
// Regular's 12-ticket Main Deck booking (the product's 10 + the tier's 2) moves to another time, changes its
// mix to a lower total, and a 10-ticket booking grows to 12 through a paid difference; 13 is refused to the
// Regular, 11 to an Explorer, as the checkout refuses them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeChangePayment } from '@/modules/bookings/change-payment';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import type { Database } from '@/server/db/client';
import { bookings, memberTiers, orders } from '@/server/db/schema';
import { signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { openDay } from './supplier-scenarios';

// Main Deck: adult 44.00 (a Regular's 39.60), child 38.00 (34.20); at most 10 tickets per booking.
const REGULAR_ADULT = 3960;
const REGULAR_CHILD = 3420;

describe.each(TEST_BACKENDS)('changing a booking with a member’s extra tickets on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  async function member(db: Database, tier: 'explorer' | 'regular') {
    const signedUp = await signedUpMember(db, 'member', 'en');
    await db.update(memberTiers).set({ tierId: tier }).where(eq(memberTiers.userId, signedUp.userId));
    return signedUp;
  }

  /** Two bookable times of a day with room for 14 on each. */
  async function twoSlots(daysAhead: number) {
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 14);
    const slots = await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day });
    const open = slots.filter((slot) => slot.available && (slot.vacancies ?? 0) >= 14);
    return { first: open[0]!.id, second: open[1]!.id };
  }

  async function book(who: { userId: string; email: string }, selectedTime: string, quantities: Record<string, number>) {
    const checkout = await startCheckout(shop.deps, who, { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime }, 'en');
    await shop.deps.gateway.pay(checkout.paymentSession.id, TEST_CARD);
    await completeCheckout(shop.deps, checkout.paymentSession.id);
    return orderOf(checkout.bookingId);
  }

  async function orderOf(bookingUuid: string) {
    const [row] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, bookingUuid));
    const [held] = await shop.db.select().from(bookings).where(eq(bookings.uuid, bookingUuid));
    return { ...row!, unitCount: held!.unitCount, heldAt: held!.availabilityId };
  }

  it('moves a Regular’s 12-ticket booking to another time, and changes its mix to a lower total', async () => {
    const who = await member(shop.db, 'regular');
    const { first, second } = await twoSlots(50);
    const booked = await book(who, first, { adult: 12 });
    expect(booked).toMatchObject({ status: 'CONFIRMED', total: 12 * REGULAR_ADULT, unitCount: 12 });

    const moved = await changeBooking(shop.deps, who, { bookingId: booked.bookingUuid, quantities: { adult: 12 }, selectedTime: second, confirm: true }, 'en');
    expect(moved).toMatchObject({ changed: true, pay: 0, refund: 0 });
    const after = await orderOf(booked.bookingUuid);
    expect(after).toMatchObject({ availabilityId: second, heldAt: second, unitCount: 12, total: 12 * REGULAR_ADULT });
    expect(after.tickets).toHaveLength(12);

    const mixed = await changeBooking(shop.deps, who, { bookingId: booked.bookingUuid, quantities: { adult: 10, child: 2 }, selectedTime: second, confirm: true }, 'en');
    const lower = 10 * REGULAR_ADULT + 2 * REGULAR_CHILD;
    expect(mixed).toMatchObject({ changed: true, pay: 0, refund: 12 * REGULAR_ADULT - lower, toTotal: lower });
    const mixedRow = await orderOf(booked.bookingUuid);
    expect(mixedRow).toMatchObject({ unitCount: 12, total: lower });
    expect(mixedRow.lines.map((line) => [line.unitId, line.quantity])).toEqual([
      ['adult', 10],
      ['child', 2],
    ]);
  });

  it('grows a Regular’s 10-ticket booking to 12 once the difference is paid', async () => {
    const who = await member(shop.db, 'regular');
    const { first, second } = await twoSlots(51);
    const booked = await book(who, first, { adult: 10 });
    const started = await changeBooking(shop.deps, who, { bookingId: booked.bookingUuid, quantities: { adult: 12 }, selectedTime: second, confirm: true }, 'en');
    expect(started).toMatchObject({ changed: false, pay: 2 * REGULAR_ADULT });
    await shop.deps.gateway.pay(started.payment!.paymentSession.id, TEST_CARD);
    expect(await completeChangePayment(shop.deps, started.payment!.paymentSession.id)).toMatchObject({ outcome: 'confirmed' });
    const after = await orderOf(booked.bookingUuid);
    expect(after).toMatchObject({ availabilityId: second, unitCount: 12, total: 12 * REGULAR_ADULT });
    expect(after.tickets).toHaveLength(12);
  });

  it('refuses a Regular 13 tickets and an Explorer 11, changing nothing', async () => {
    const { first, second } = await twoSlots(52);
    const regular = await member(shop.db, 'regular');
    const regularBooking = await book(regular, first, { adult: 12 });
    const tooMany = await changeBooking(shop.deps, regular, { bookingId: regularBooking.bookingUuid, quantities: { adult: 13 }, selectedTime: second, confirm: true }, 'en').catch(
      (e: unknown) => e,
    );
    expect(tooMany).toMatchObject({ code: 'VALIDATION', key: 'ticketsPerBookingMax', values: { max: 12 } });
    expect(await orderOf(regularBooking.bookingUuid)).toMatchObject({ availabilityId: first, unitCount: 12 });

    const explorer = await member(shop.db, 'explorer');
    const explorerBooking = await book(explorer, first, { adult: 2 });
    const refused = await changeBooking(shop.deps, explorer, { bookingId: explorerBooking.bookingUuid, quantities: { adult: 11 }, selectedTime: second }, 'en').catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'VALIDATION', key: 'ticketsPerBookingMax', values: { max: 10 } });
    expect(await orderOf(explorerBooking.bookingUuid)).toMatchObject({ availabilityId: first, unitCount: 2 });
  });
});
