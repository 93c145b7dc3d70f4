// The box office (issue #27 deliverable 2, decision 0053), in process on PGlite and PostgreSQL: a cash sale
// goes through the website's hold and the one ledger (an order on the channel `box-office`, one cash payment
// of the till's shift, confirmed with signed tickets); a refund at the counter hands the cash back from the
// till; closing the till shows expected against counted. Cash needs an open till, and too little cash is
// refused before any place is held.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { closeShift, listShifts, openShift } from '@/modules/box-office/till';
import { counterCardPaid, sellAtCounter } from '@/modules/box-office/sell';
import { counterBooking, refundAtCounter } from '@/modules/box-office/counter-refund';
import { WALK_UP } from '@/modules/box-office/walk-up';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { verifyTicketCode } from '@/modules/tickets/ticket-codes';
import { auditLog, mailQueue, orders, payments, refunds } from '@/server/db/schema';
import { salesReport } from '@/modules/reports/sales-report';
import { reportNames } from '@/modules/reports/report-request';
import { FIXED_NOW } from '../support/fixed-date';
import { TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';

// Main Deck: adult 44.00, child 39.00 (config/catalog.json).
const ADULT = 4400;
const SELLER = { userId: 'boxoffice-1', email: 'boxoffice-1@staff.example', role: 'boxoffice' as const };
const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager-1@staff.example' };

describe.each(TEST_BACKENDS)('the box office on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  async function slot(daysAhead: number) {
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 50);
    return firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
  }

  const cashSale = (selectedTime: string, adults: number, tenderedCents: number, email?: string) =>
    sellAtCounter(shop.deps, SELLER, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime, email, payment: { method: 'cash', tenderedCents } }, 'en');

  it('a box-office cash sale and refund balance the till', async () => {
    shop.clock = FIXED_NOW;
    const selectedTime = await slot(0);
    // No open till: cash is refused, nothing is held.
    await expect(cashSale(selectedTime, 1, 5000)).rejects.toMatchObject({ code: 'TILL_STATE', key: 'tillNotOpen' });
    const opened = await openShift(shop.db, SELLER, { floatCents: 20000, currency: 'USD' });
    expect(opened).toMatchObject({ status: 'OPEN', float: 20000, expected: 20000, cashIn: 0, cashOut: 0 });
    await expect(openShift(shop.db, SELLER, { floatCents: 100, currency: 'USD' })).rejects.toMatchObject({ key: 'tillAlreadyOpen' });

    // Too little cash: refused before any place is held.
    await expect(cashSale(selectedTime, 2, 2 * ADULT - 1)).rejects.toMatchObject({ key: 'cashTooLittle' });
    expect(await shop.db.select().from(orders)).toHaveLength(0);

    const first = await cashSale(selectedTime, 2, 10000, 'walk-in@example.com');
    expect(first).toMatchObject({ method: 'cash', tendered: 10000, change: 10000 - 2 * ADULT, emailed: true, session: null });
    expect(first.order).toMatchObject({ status: 'CONFIRMED', total: 2 * ADULT });
    expect(first.order.tickets).toHaveLength(2);
    // The same signed codes the gate verifies.
    for (const ticket of first.order.tickets) expect(verifyTicketCode(ticket.code)).toMatchObject({ valid: true, claims: { ticket: ticket.reference, booking: first.order.reference } });
    const [row] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, first.order.bookingId));
    expect(row).toMatchObject({ channel: 'box-office', userId: WALK_UP.userId });
    // One cash payment in the ledger, of the shift, confirmed.
    const paid = await shop.db.select().from(payments).where(eq(payments.referenceId, row!.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ gateway: 'cash', state: 'confirmed', amount: 2 * ADULT, tillShiftId: opened.id });
    // The tickets went to the address given, none to the walk-up visitor.
    const mail = await shop.db.select().from(mailQueue);
    expect(mail.map((m) => m.to)).toEqual(['walk-in@example.com']);

    const second = await cashSale(selectedTime, 1, ADULT);
    expect(second.change).toBe(0);

    // A cash booking is refunded nowhere but at a till.
    await expect(cancelBooking(shop.deps, { reference: first.order.reference, refund: { kind: 'full' }, by: MANAGER })).rejects.toMatchObject({ key: 'cashRefundAtTill' });
    expect(await counterBooking(shop.deps, first.order.reference.toLowerCase())).toMatchObject({ method: 'cash', refundable: 2 * ADULT, channel: 'box-office' });
    const refund = await refundAtCounter(shop.deps, SELLER, first.order.reference);
    expect(refund).toMatchObject({ refundAmount: 2 * ADULT, refundStatus: 'refunded', method: 'cash' });
    const back = await shop.db.select().from(refunds);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({ amount: 2 * ADULT, state: 'done', tillShiftId: opened.id });
    await expect(refundAtCounter(shop.deps, SELLER, first.order.reference)).rejects.toMatchObject({ code: 'ALREADY_CANCELLED' });

    // Float 200.00 + 88.00 + 44.00 - 88.00 = 244.00; counted 243.00: one dollar short.
    const closed = await closeShift(shop.db, SELLER, { countedCents: 24300 });
    expect(closed).toMatchObject({ status: 'CLOSED', cashIn: 3 * ADULT, sales: 2, cashOut: 2 * ADULT, refunds: 1, expected: 24400, counted: 24300, difference: -100 });
    await expect(closeShift(shop.db, SELLER, { countedCents: 1 })).rejects.toMatchObject({ key: 'tillNotOpen' });
    expect((await listShifts(shop.db))[0]).toMatchObject({ id: opened.id, expected: 24400, difference: -100 });

    // The staff sales report counts the box office as its own channel: 3 tickets sold, 2 refunded.
    const sales = await salesReport(shop.db, { start: new Date(FIXED_NOW.getTime() - 86_400_000), end: new Date(FIXED_NOW.getTime() + 86_400_000), days: ['2027-05-12'], timeZone: 'America/New_York' });
    expect(sales.byChannel).toEqual([{ channel: 'box-office', kind: 'box-office', bookings: 2, tickets: 3, gross: 3 * ADULT, refunds: 2 * ADULT, net: ADULT }]);
    expect(reportNames('en').channel('box-office')).toBe('the box office');

    const actions = (await shop.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(['booking.cancel', 'box-office.refund', 'box-office.sale', 'box-office.sale', 'till.close', 'till.open'].sort());
    shop.clock = undefined;
  });

  it('sells by card through the gateway and refunds to the card, with no till', async () => {
    shop.clock = FIXED_NOW;
    const selectedTime = await slot(1);
    const sale = await sellAtCounter(shop.deps, SELLER, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime, payment: { method: 'card' } }, 'en');
    expect(sale.order.status).toBe('PENDING_PAYMENT');
    expect(sale.session).toMatchObject({ provider: 'test', amount: ADULT });
    // Someone else's payment session is not the counter's.
    await expect(counterCardPaid(shop.deps, 'cs_test_unknown', undefined)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await shop.deps.gateway.pay(sale.session!.id, TEST_CARD);
    const paid = await counterCardPaid(shop.deps, sale.session!.id, 'card-buyer@example.com');
    expect(paid).toMatchObject({ method: 'card', emailed: true, order: { status: 'CONFIRMED', total: ADULT } });
    const [payment] = await shop.db.select().from(payments).where(eq(payments.gatewaySessionId, sale.session!.id));
    expect(payment).toMatchObject({ gateway: 'test', state: 'confirmed', tillShiftId: null });
    // A card's refund needs no open till: it goes back through the gateway.
    expect(await refundAtCounter(shop.deps, SELLER, sale.order.reference)).toMatchObject({ refundAmount: ADULT, refundStatus: 'refunded', method: 'card' });
    const [back] = await shop.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(back).toMatchObject({ amount: ADULT, state: 'done', tillShiftId: null });
    expect(await shop.deps.gateway.getState(sale.session!.id)).toMatchObject({ status: 'refunded' });
    shop.clock = undefined;
  });
});
