// Add-ons sold with tickets (issue #25 deliverable 3, decision 0050), in process on PGlite and PostgreSQL:
// an add-on with stock 3 sold to 10 buyers at once gives exactly 3; the add-ons are priced at list beside
// the tickets' member price or promo; stock per slot and per day; a hold that runs out and a cancelled
// booking give the stock back, and a cancellation refunds the add-ons with the tickets; a reseller cannot buy them.
import { and, eq } from 'drizzle-orm';
import { listOutbox } from '@/adapters/mail/outbox';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG } from '@/config/catalog';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { bookingDetail } from '@/modules/bookings/find-bookings';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { handOutAddon } from '@/modules/gate/hand-out-addon';
import { scanTicket } from '@/modules/gate/scan-ticket';
import { completePayment } from '@/modules/payments/complete-payment';
import { createPromo } from '@/modules/promos/manage-promos';
import { promoBody } from '@/modules/promos/promo-body';
import { serverNow } from '@/server/clock';
import { TIME_ZONE } from '@/config/attraction';
import { reportCsv } from '@/modules/reports/report-csv';
import { reportFor, reportNames } from '@/modules/reports/report-request';
import { todayIn } from '@/universal/local-date';
import { auditLog, memberTiers, orders } from '@/server/db/schema';
import type { AppError } from '@/server/errors';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';

const ADULT = 4400;
const PHOTO = 1500;
const GUIDEBOOK = 900;
const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager-1@staff.example' };

const photo = CATALOG.addons.find((a) => a.id === 'souvenir-photo')!;
const guidebook = CATALOG.addons.find((a) => a.id === 'guidebook')!;
const configured = { photo: photo.stock.quantity, guidebook: guidebook.stock.quantity };

describe.each(TEST_BACKENDS)('add-ons on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  // A manager's catalogue with less stock, for one test; the configured stock comes back after it.
  afterEach(() => {
    photo.stock.quantity = configured.photo;
    guidebook.stock.quantity = configured.guidebook;
  });

  async function member(tier = 'explorer') {
    const signedUp = await signedUpMember(shop.db, 'addons', 'en');
    await shop.db.update(memberTiers).set({ tierId: tier }).where(eq(memberTiers.userId, signedUp.userId));
    return signedUp;
  }

  async function slots(daysAhead: number, productId = 'main-deck', optionId = 'main-deck-day') {
    const day = await openDay(shop.deps.supplier, productId, optionId, daysAhead, 150);
    const all = await shop.deps.supplier.availability({ productId, optionId, localDateStart: day, localDateEnd: day });
    return { first: await firstSlot(shop.deps.supplier, productId, optionId, day), later: all.filter((s) => s.available).at(-1)!.id };
  }

  const request = (selectedTime: string, addons: Record<string, number>, extra: { promoCode?: string; productId?: string; optionId?: string } = {}) => ({
    productId: 'main-deck',
    optionId: 'main-deck-day',
    quantities: { adult: 1 },
    selectedTime,
    addons,
    ...extra,
  });

  async function rowOf(bookingId: string) {
    const [row] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, bookingId));
    return row;
  }

  async function paid(started: { paymentSession: { id: string } }) {
    await shop.deps.gateway.pay(started.paymentSession.id, TEST_CARD);
    return completeCheckout(shop.deps, started.paymentSession.id);
  }

  it('sells an add-on with stock 3 to exactly 3 of 10 buyers at once; the others hold nothing', async () => {
    photo.stock.quantity = 3;
    const { first } = await slots(30);
    const members = await Promise.all(Array.from({ length: 10 }, () => member()));
    const vacanciesOf = async () => (await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', availabilityIds: [first] }))[0]!.vacancies;
    const before = await vacanciesOf();
    const results = await Promise.allSettled(members.map((m) => startCheckout(shop.deps, m, request(first, { 'souvenir-photo': 1 }), 'en')));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(3);
    expect(lost.map((r) => (r.reason as AppError).key)).toEqual(Array(7).fill('addonSoldOut'));
    expect((lost[0]!.reason as AppError).status).toBe(409);
    // The losers have no order, and their places were never held: the hold and the add-on are one transaction.
    const sold = (await Promise.all(members.map((m) => shop.db.select().from(orders).where(eq(orders.userId, m.userId))))).flat();
    expect(sold).toHaveLength(3);
    expect(sold.every((o) => o.addonCents === PHOTO && o.total === ADULT + PHOTO)).toBe(true);
    expect(await vacanciesOf()).toBe(before! - 3);
  });

  it('prices add-ons at list beside the member price and a promo code, and keeps the price paid on the order', async () => {
    const { first } = await slots(31);
    const code = await createPromo(shop.db, promoBody.parse({ code: 'addons-10', kind: 'percent', value: 25 }), MANAGER, serverNow());
    const regular = await member('regular');
    const started = await startCheckout(shop.deps, regular, request(first, { 'souvenir-photo': 1, guidebook: 2 }), 'en');
    // Regular: 10 % off the ticket only.
    expect(started.paymentSession.amount).toBe(3960 + PHOTO + 2 * GUIDEBOOK);
    const withPromo = await startCheckout(shop.deps, await member(), request(first, { guidebook: 1 }, { promoCode: code.code }), 'en');
    expect(withPromo.paymentSession.amount).toBe(3300 + GUIDEBOOK);
    const row = await rowOf(started.bookingId);
    expect(row).toMatchObject({ addons: [{ addonId: 'souvenir-photo', quantity: 1, unitPrice: PHOTO }, { addonId: 'guidebook', quantity: 2, unitPrice: GUIDEBOOK }], addonCents: PHOTO + 2 * GUIDEBOOK, discountCents: 440 });
    // A later price change never alters an order made.
    photo.price = 9999;
    try {
      await paid(started);
      expect((await rowOf(started.bookingId))!.addons[0]).toMatchObject({ unitPrice: PHOTO });
    } finally {
      photo.price = PHOTO;
    }
  });

  it('refuses an add-on not sold with the option, or too many of one, and holds nothing', async () => {
    const { first } = await slots(32, 'express-pass', 'express-main');
    const who = await member();
    await expect(startCheckout(shop.deps, who, request(first, { 'fast-track': 1 }, { productId: 'express-pass', optionId: 'express-main' }), 'en')).rejects.toMatchObject({ code: 'VALIDATION', status: 400, key: 'addonUnknown' });
    await expect(startCheckout(shop.deps, who, request(first, { guidebook: 5 }, { productId: 'express-pass', optionId: 'express-main' }), 'en')).rejects.toMatchObject({ key: 'addonTooMany', values: { max: 4 } });
    expect(await shop.db.select().from(orders).where(eq(orders.userId, who.userId))).toEqual([]);
  });

  it('counts a guidebook per day across slots, a photo per slot', async () => {
    photo.stock.quantity = 1;
    guidebook.stock.quantity = 1;
    const { first, later } = await slots(33);
    await startCheckout(shop.deps, await member(), request(first, { 'souvenir-photo': 1, guidebook: 1 }), 'en');
    // Another slot of the same day: its own photos, the day's guidebook gone.
    await expect(startCheckout(shop.deps, await member(), request(later, { guidebook: 1 }), 'en')).rejects.toMatchObject({ key: 'addonSoldOut' });
    await expect(startCheckout(shop.deps, await member(), request(later, { 'souvenir-photo': 1 }), 'en')).resolves.toBeDefined();
  });

  it('gives the stock back when the hold runs out unpaid', async () => {
    photo.stock.quantity = 1;
    const { first } = await slots(34);
    shop.clock = serverNow();
    const started = await startCheckout(shop.deps, await member(), request(first, { 'souvenir-photo': 1 }), 'en');
    await expect(startCheckout(shop.deps, await member(), request(first, { 'souvenir-photo': 1 }), 'en')).rejects.toMatchObject({ key: 'addonSoldOut' });
    shop.clock = new Date(serverNow().getTime() + 2 * 60 * 60_000);
    expect((await completePayment(shop.deps, started.paymentSession.id)).outcome).toBe('expired');
    // Two hours later, the photo is for sale again.
    try {
      await expect(startCheckout(shop.deps, await member(), request(first, { 'souvenir-photo': 1 }), 'en')).resolves.toBeDefined();
    } finally {
      shop.clock = undefined;
    }
  });

  it('refunds the add-ons with the tickets when the booking is cancelled, and gives the stock back', async () => {
    photo.stock.quantity = 1;
    const { first } = await slots(35);
    const started = await startCheckout(shop.deps, await member(), request(first, { 'souvenir-photo': 1 }), 'en');
    await paid(started);
    const row = (await rowOf(started.bookingId))!;
    const cancelled = await cancelBooking(shop.deps, { reference: row.supplierReference, refund: { kind: 'full' }, by: GATE_STAFF });
    expect(cancelled.refundAmount).toBe(ADULT + PHOTO);
    await expect(startCheckout(shop.deps, await member(), request(first, { 'souvenir-photo': 1 }), 'en')).resolves.toBeDefined();
  });

  it('shows the add-ons to the gate and marks one handed out once, audited', async () => {
    const { first } = await slots(37);
    const buyer = await member();
    const started = await startCheckout(shop.deps, buyer, request(first, { 'souvenir-photo': 2, guidebook: 1 }), 'en');
    await paid(started);
    const row = (await rowOf(started.bookingId))!;
    // The tickets e-mail lists them with their price.
    const [mail] = (await listOutbox(shop.db, buyer.email)).filter((m) => m.subject.startsWith('Your tickets'));
    expect(mail!.text).toContain('2 × Souvenir photo: $30.00');
    expect(mail!.text).toContain('1 × Tower guide: $9.00');
    expect(mail!.html).toContain('2 × Souvenir photo');
    const verdict = await scanTicket(shop.gate, { code: row.supplierReference, gate: 'north', by: GATE_STAFF });
    expect('booking' in verdict && verdict.booking.addons).toEqual([
      { addonId: 'souvenir-photo', quantity: 2, handedOutAt: null, handedOutBy: null },
      { addonId: 'guidebook', quantity: 1, handedOutAt: null, handedOutBy: null },
    ]);
    const at = serverNow();
    shop.clock = at;
    const other = { ...GATE_STAFF, userId: 'gate-2', email: 'gate-2@staff.example' };
    const photoLine = { addonId: 'souvenir-photo', quantity: 2, handedOutBy: GATE_STAFF.email, handedOutAt: at.toISOString() };
    try {
      const handed = await handOutAddon(shop.gate, { reference: row.supplierReference.toLowerCase(), addonId: 'souvenir-photo', by: GATE_STAFF });
      expect(handed.addons.find((a) => a.addonId === 'souvenir-photo')).toEqual(photoLine);
      // Pressed again, a minute later, by someone else: the first hand-out stands, and one audit line.
      shop.clock = new Date(at.getTime() + 60_000);
      const again = await handOutAddon(shop.gate, { reference: row.supplierReference, addonId: 'souvenir-photo', by: other });
      expect(again.addons.find((a) => a.addonId === 'souvenir-photo')).toEqual(photoLine);
    } finally {
      shop.clock = undefined;
    }
    // The sales report: the photos sold today at their price, and handed out.
    const today = todayIn(TIME_ZONE, serverNow());
    const report = await reportFor(shop.db, { from: today, to: today }, true);
    const photos = report.sales.addons.find((a) => a.addonId === 'souvenir-photo')!;
    expect(photos.handedOut).toBe(2);
    expect(photos.revenue).toBe(photos.sold * PHOTO);
    expect(reportCsv(report, 'sales-by-addon', reportNames('en'))).toContain(`souvenir-photo,Souvenir photo,${photos.sold},${photos.revenue},`);
    const audit = await shop.db.select().from(auditLog).where(and(eq(auditLog.action, 'addon.handOut'), eq(auditLog.target, row.supplierReference)));
    expect(audit).toHaveLength(1);
    // The staff booking desk lists them too: one handed out, by whom and when; the other not yet.
    expect((await bookingDetail(shop.db, row.supplierReference, true)).addons).toEqual([photoLine, { addonId: 'guidebook', quantity: 1, handedOutAt: null, handedOutBy: null }]);
    // An add-on the booking has not, or a hold not paid: nothing to hand out.
    await expect(handOutAddon(shop.gate, { reference: row.supplierReference, addonId: 'fast-track', by: GATE_STAFF })).rejects.toMatchObject({ status: 404, key: 'addonNotFound' });
    const unpaid = await startCheckout(shop.deps, await member(), request(first, { guidebook: 1 }), 'en');
    const unpaidRow = (await rowOf(unpaid.bookingId))!;
    await expect(handOutAddon(shop.gate, { reference: unpaidRow.supplierReference, addonId: 'guidebook', by: GATE_STAFF })).rejects.toMatchObject({ key: 'addonNotFound' });
  });

  it('moves the add-ons with a changed booking at the price paid, refused when the new slot has none left', async () => {
    photo.stock.quantity = 1;
    const { first, later } = await slots(38);
    const who = await member();
    const started = await startCheckout(shop.deps, who, request(first, { 'souvenir-photo': 1 }), 'en');
    await paid(started);
    const change = { bookingId: started.bookingId, quantities: { adult: 1 }, selectedTime: later };
    // Only the tickets are priced anew: the photo neither comes back nor costs again.
    expect(await changeBooking(shop.deps, who, change, 'en')).toMatchObject({ fromTotal: ADULT + PHOTO, toTotal: ADULT + PHOTO, refund: 0, pay: 0 });
    const other = await startCheckout(shop.deps, await member(), request(later, { 'souvenir-photo': 1 }), 'en');
    await expect(changeBooking(shop.deps, who, { ...change, confirm: true }, 'en')).rejects.toMatchObject({ key: 'addonSoldOut' });
    await shop.deps.supplier.cancelBooking(other.bookingId, { reason: 'test: the other member gives up' });
    await expect(changeBooking(shop.deps, who, { ...change, confirm: true }, 'en')).resolves.toMatchObject({ changed: true });
    // The photo moved: the first slot's is for sale again, the later slot's is taken.
    await expect(startCheckout(shop.deps, await member(), request(first, { 'souvenir-photo': 1 }), 'en')).resolves.toBeDefined();
    await expect(startCheckout(shop.deps, await member(), request(later, { 'souvenir-photo': 1 }), 'en')).rejects.toMatchObject({ key: 'addonSoldOut' });
  });

  it('sells no add-on to a reseller', async () => {
    const { first } = await slots(36);
    const { createLocalSupplier } = await import('@/adapters/supplier/local/local-supplier');
    const reseller = createLocalSupplier(shop.db, { resellerId: 'reseller-a', now: serverNow });
    const booking = await reseller.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: first, unitItems: [{ unitId: 'adult' }], addons: [{ addonId: 'souvenir-photo', quantity: 1 }] });
    expect(booking.status).toBe('ON_HOLD');
    const { addonsOfBooking } = await import('@/modules/inventory/addon-stock');
    expect(await addonsOfBooking(shop.db, booking.uuid)).toEqual([]);
  });
});
