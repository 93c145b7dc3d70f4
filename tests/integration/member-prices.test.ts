// Member prices and extra tickets by tier (issue #24 deliverable 3, decision 0038), in process on PGlite and
// PostgreSQL: an Explorer pays list; a Regular 10 % less and a Local Legend 20 % less, charged exactly that
// (the ledger's payment row and the gateway's session) while the supplier's hold carries list, the order
// recording the discount and its reason; a reseller pays list; a refund gives back what was paid; a
// Regular may book the product's maximum + 2 (and ask its availability), an Explorer is refused at maximum + 1.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import type { Database } from '@/server/db/client';
import { bookings, memberTiers, orders, payments, refunds } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { adults, firstSlot, openDay } from './supplier-scenarios';

const STAFF = { kind: 'staff' as const, userId: 'desk-1', email: 'desk-1@staff.example' };
// Main Deck: adult 44.00, child 38.00, infant 0; at most 10 tickets per booking (config/catalog.json).
const ADULT = 4400;
const CHILD = 3800;

describe.each(TEST_BACKENDS)('member prices on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  /** A new member at `tier` (its stored tier, as the tier rule would have left it after their visits). */
  async function member(db: Database, tier: 'explorer' | 'regular' | 'local-legend') {
    const signedUp = await signedUpMember(db, 'member', 'en');
    await db.update(memberTiers).set({ tierId: tier }).where(eq(memberTiers.userId, signedUp.userId));
    return signedUp;
  }

  async function book(who: { userId: string; email: string }, daysAhead: number, quantities: Record<string, number>) {
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 12);
    const selectedTime = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(shop.deps, who, { productId: 'main-deck', optionId: 'main-deck-day', quantities, selectedTime }, 'en');
    await shop.deps.gateway.pay(checkout.paymentSession.id, TEST_CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    const [row] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, checkout.bookingId));
    const [payment] = await shop.db.select().from(payments).where(eq(payments.id, row!.paymentId));
    const [held] = await shop.db.select().from(bookings).where(eq(bookings.uuid, checkout.bookingId));
    return { order, row: row!, payment: payment!, held: held!, session: await shop.deps.gateway.getState(checkout.paymentSession.id), checkout };
  }

  it('charges an Explorer the list price, with no discount on the order', async () => {
    const paid = await book(await member(shop.db, 'explorer'), 40, { adult: 2, child: 1 });
    const list = 2 * ADULT + CHILD;
    expect(paid.checkout.paymentSession).toMatchObject({ amount: list });
    expect(paid.session).toMatchObject({ status: 'paid', amountPaid: list });
    expect(paid.payment.amount).toBe(list);
    expect(paid.row).toMatchObject({ total: list, discountCents: 0, discountReason: null, status: 'CONFIRMED' });
  });

  it('charges a Regular exactly 10 % less and a Local Legend 20 % less; the supplier’s hold stays at list', async () => {
    const list = 2 * ADULT + CHILD;
    const regular = await book(await member(shop.db, 'regular'), 41, { adult: 2, child: 1 });
    const regularPays = 2 * 3960 + 3420;
    expect(regular.checkout.paymentSession).toMatchObject({ amount: regularPays });
    expect(regular.session).toMatchObject({ status: 'paid', amountPaid: regularPays });
    expect(regular.payment.amount).toBe(regularPays);
    expect(regular.row).toMatchObject({ total: regularPays, discountCents: list - regularPays, discountReason: 'member-tier:regular', status: 'CONFIRMED' });
    // The lines keep the list price each ticket was sold at; the discount is the shop's.
    expect(regular.row.lines.map((l) => [l.unitId, l.unitPrice])).toEqual([['adult', ADULT], ['child', CHILD]]);
    expect(regular.held.total).toBe(list);

    const legend = await book(await member(shop.db, 'local-legend'), 42, { adult: 1 });
    expect(legend.payment.amount).toBe(3520);
    expect(legend.session).toMatchObject({ amountPaid: 3520 });
    expect(legend.row).toMatchObject({ total: 3520, discountCents: 880, discountReason: 'member-tier:local-legend' });
  });

  it('sells to a reseller at list, and never lets a reseller ask for a member’s extra tickets', async () => {
    const reseller = createLocalSupplier(shop.db, { resellerId: 'partner', now: shop.now });
    const day = await openDay(reseller, 'main-deck', 'main-deck-day', 43, 12);
    const selectedTime = await firstSlot(reseller, 'main-deck', 'main-deck-day', day);
    const product = await reseller.getProduct('main-deck', 'en');
    const adult = product.options[0]!.units.find((u) => u.id === 'adult')!;
    expect(adult.pricingFrom?.[0]?.retail).toBe(ADULT);
    const held = await reseller.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: selectedTime, unitItems: adults(2) });
    expect(held.pricing?.retail).toBe(2 * ADULT);
    await expect(reseller.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: selectedTime, unitItems: adults(11), extraUnits: 2 })).rejects.toMatchObject({
      code: 'UNPROCESSABLE_ENTITY',
    });
  });

  it('refunds a discounted order what was paid, never the list price', async () => {
    const paid = await book(await member(shop.db, 'regular'), 44, { adult: 2 });
    expect(paid.payment.amount).toBe(7920);
    const cancelled = await cancelBooking(shop.deps, { reference: paid.row.supplierReference, refund: { kind: 'full' }, by: STAFF });
    expect(cancelled).toMatchObject({ refundAmount: 7920 });
    const back = await shop.db.select().from(refunds).where(eq(refunds.paymentId, paid.payment.id));
    expect(back.reduce((sum, r) => sum + r.amount, 0)).toBe(7920);
  });

  it('prices a change at the member’s discount: one adult more costs a Regular 39.60', async () => {
    const who = await member(shop.db, 'regular');
    const paid = await book(who, 45, { adult: 2 });
    const quote = await changeBooking(shop.deps, who, { bookingId: paid.row.supplierReference, selectedTime: paid.row.availabilityId, quantities: { adult: 3 } }, 'en');
    expect(quote).toMatchObject({ fromTotal: 7920, toTotal: 3 * 3960, pay: 3960, refund: 0 });
  });

  it('lets a Regular book the maximum + 2 (12 Main Deck tickets), and refuses an Explorer 11', async () => {
    const regular = await book(await member(shop.db, 'regular'), 46, { adult: 12 });
    expect(regular.row).toMatchObject({ status: 'CONFIRMED', total: 12 * 3960 });
    expect(regular.order.tickets).toHaveLength(12);

    const explorer = await member(shop.db, 'explorer');
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', 47, 12);
    const selectedTime = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const refused = await startCheckout(shop.deps, explorer, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 11 }, selectedTime }, 'en').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'VALIDATION', key: 'ticketsPerBookingMax', values: { max: 10 } });
    const regularAgain = await member(shop.db, 'regular');
    const tooMany = await startCheckout(shop.deps, regularAgain, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 13 }, selectedTime }, 'en').catch((e: unknown) => e);
    expect(tooMany).toMatchObject({ code: 'VALIDATION', key: 'ticketsPerBookingMax', values: { max: 12 } });

    // The ticket page's availability of 12 tickets: the website's inventory answers it with the member's
    // extra tickets, refuses it without them.
    const query = { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day, units: [{ id: 'adult', quantity: 12 }] };
    expect((await shop.deps.supplier.availability({ ...query, extraUnits: 2 })).some((slot) => slot.available)).toBe(true);
    await expect(shop.deps.supplier.availability(query)).rejects.toMatchObject({ code: 'UNPROCESSABLE_ENTITY' });
  });
});
