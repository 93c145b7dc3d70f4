// The annual pass (issue #25 deliverable 4, decision 0051), in process on PGlite and PostgreSQL: bought and
// paid through the payments ledger it is active for a year; a visit is booked with it at zero price through
// the inventory (a place counts), tagged with the pass; a second upcoming visit, a covered-not option, two
// visitors and a closed day are refused with their reasons, and five Books at once make one visit;
// cancelling frees the pass; renewal extends from the old end and only in the last 30 days; a gift is
// e-mailed and claimed by its recipient; the pass visit's admission at the gate counts as a visit for the
// tiers; the sales report counts passes sold.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '@/adapters/mail/outbox';
import { cancelOwnBooking } from '@/modules/bookings/member-cancel';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket } from '@/modules/gate/scan-ticket';
import { buyPass, renewPass } from '@/modules/passes/buy-pass';
import { claimPass } from '@/modules/passes/claim-pass';
import { memberPasses } from '@/modules/passes/member-pass';
import { completePayment } from '@/modules/payments/complete-payment';
import { TIME_ZONE } from '@/config/attraction';
import { rangeInstants } from '@/modules/reports/report-range';
import { salesReport } from '@/modules/reports/sales-report';
import { annualPasses, memberVisits, orders, passPayments, payments } from '@/server/db/schema';
import { FIXED_NOW } from '../support/fixed-date';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';

describe.each(TEST_BACKENDS)('the annual pass on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  async function paid(session: { id: string }) {
    await shop.deps.gateway.pay(session.id, TEST_CARD);
    expect((await completePayment(shop.deps, session.id)).outcome).toBe('confirmed');
  }

  async function holder(label = 'passholder') {
    shop.clock = FIXED_NOW;
    const member = await signedUpMember(shop.db, label, 'en');
    const { passId, paymentSession } = await buyPass(shop.deps, member, {}, 'en');
    expect(paymentSession.amount).toBe(12900);
    await paid(paymentSession);
    const [pass] = await shop.db.select().from(annualPasses).where(eq(annualPasses.id, passId));
    return { member, pass: pass! };
  }

  async function slot(daysAhead: number, productId = 'main-deck', optionId = 'main-deck-day') {
    const day = await openDay(shop.deps.supplier, productId, optionId, daysAhead, 2);
    return firstSlot(shop.deps.supplier, productId, optionId, day);
  }

  const bookWithPass = (member: { userId: string; email: string }, selectedTime: string, quantities: Record<string, number> = { adult: 1 }, productId = 'main-deck', optionId = 'main-deck-day') =>
    startCheckout(shop.deps, member, { productId, optionId, quantities, selectedTime, annualPass: true }, 'en');

  it('is bought through the payments ledger and active for a year from today', async () => {
    const { member, pass } = await holder();
    expect(pass).toMatchObject({ status: 'ACTIVE', holderUserId: member.userId, buyerUserId: member.userId, startsOn: '2027-05-12', endsOn: '2028-05-10' });
    const [row] = await shop.db.select().from(passPayments).where(eq(passPayments.passId, pass.id));
    expect(row).toMatchObject({ kind: 'purchase', amount: 12900 });
    expect(row?.paidAt).not.toBeNull();
    const [payment] = await shop.db.select().from(payments).where(eq(payments.id, row!.paymentId));
    expect(payment).toMatchObject({ purpose: 'annual_pass', referenceId: row!.id, amount: 12900, state: 'confirmed' });
    // One's own pass is renewed, not bought twice.
    await expect(buyPass(shop.deps, member, {}, 'en')).rejects.toMatchObject({ code: 'PASS_REFUSED', key: 'passAlreadyHeld' });
    const [view] = await memberPasses(shop.db, member.userId, FIXED_NOW);
    expect(view).toMatchObject({ status: 'ACTIVE', endsOn: '2028-05-10', canRenew: false, renewableFrom: '2028-04-10', upcomingVisit: null });
  });

  it('books a visit at zero price, one upcoming at a time; cancelling it frees the pass', async () => {
    const { member, pass } = await holder();
    const selectedTime = await slot(10);
    const before = (await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: selectedTime.slice(0, 10), localDateEnd: selectedTime.slice(0, 10) })).find((s) => s.id === selectedTime)!;
    const visit = await bookWithPass(member, selectedTime);
    expect(visit.paymentSession).toMatchObject({ amount: 0, status: 'CONFIRMED' });
    const [order] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, visit.bookingId));
    expect(order).toMatchObject({ status: 'CONFIRMED', total: 0, passId: pass.id, discountCents: 4400, discountReason: 'annual-pass' });
    // A place of the slot is taken: capacity counts.
    const after = (await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: selectedTime.slice(0, 10), localDateEnd: selectedTime.slice(0, 10) })).find((s) => s.id === selectedTime)!;
    expect(after.vacancies).toBe((before.vacancies ?? 0) - 1);
    expect((await memberPasses(shop.db, member.userId, FIXED_NOW))[0]?.upcomingVisit).toMatchObject({ bookingId: visit.bookingId });

    // A second upcoming visit is refused, before any place is held.
    const held = (await shop.db.select().from(orders)).length;
    await expect(bookWithPass(member, await slot(11))).rejects.toMatchObject({ code: 'PASS_REFUSED', key: 'passVisitPending', status: 409 });
    expect((await shop.db.select().from(orders)).length).toBe(held);

    // Cancelled, the visit no longer holds the pass.
    await cancelOwnBooking(shop.deps, member, { bookingId: visit.bookingId, confirm: true, expectedRefund: 0 });
    const again = await bookWithPass(member, await slot(11));
    expect(again.paymentSession).toMatchObject({ amount: 0, status: 'CONFIRMED' });
  });

  it('gives one upcoming visit even to five Books at once', async () => {
    const { member, pass } = await holder('passracer');
    const times = await Promise.all([15, 16, 17, 18, 19].map((days) => slot(days)));
    const results = await Promise.allSettled(times.map((time) => bookWithPass(member, time)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) expect(['passVisitPending', 'bookingInProgress']).toContain(r.reason.key);
    const visits = await shop.db.select().from(orders).where(and(eq(orders.passId, pass.id), eq(orders.status, 'CONFIRMED')));
    expect(visits).toHaveLength(1);
  });

  it('refuses what the pass does not cover, with its reason', async () => {
    const { member } = await holder();
    await expect(bookWithPass(member, await slot(12, 'main-and-top-deck', 'top-deck-day'), { adult: 1 }, 'main-and-top-deck', 'top-deck-day')).rejects.toMatchObject({ key: 'passOptionNotCovered' });
    await expect(bookWithPass(member, await slot(12), { adult: 2 })).rejects.toMatchObject({ key: 'passVisitors' });
    // 25 November 2027 is a closed date of the catalogue.
    await expect(bookWithPass(member, '2027-11-25T09:00:00-05:00')).rejects.toMatchObject({ key: 'passClosedDay' });
    // Past its last day.
    await expect(bookWithPass(member, '2028-05-11T09:00:00-04:00')).rejects.toMatchObject({ key: 'passExpired' });
    // A member without a pass.
    const other = await signedUpMember(shop.db, 'nopass', 'en');
    await expect(bookWithPass(other, await slot(12))).rejects.toMatchObject({ key: 'passNone', status: 404 });
  });

  it('renews only in the last 30 days, a year on from the old end', async () => {
    const { member, pass } = await holder();
    await expect(renewPass(shop.deps, member, pass.id, 'en')).rejects.toMatchObject({ code: 'PASS_REFUSED', key: 'passNotRenewable' });
    // Twenty days before the end (10 May 2028).
    shop.clock = new Date('2028-04-20T12:00:00-04:00');
    expect((await memberPasses(shop.db, member.userId, shop.now()))[0]).toMatchObject({ canRenew: true });
    const { paymentSession } = await renewPass(shop.deps, member, pass.id, 'en');
    expect(paymentSession.amount).toBe(12900);
    await paid(paymentSession);
    const [renewed] = await shop.db.select().from(annualPasses).where(eq(annualPasses.id, pass.id));
    expect(renewed).toMatchObject({ status: 'ACTIVE', startsOn: '2027-05-12', endsOn: '2029-05-10' });
    // Completing the same payment again changes nothing.
    expect((await completePayment(shop.deps, paymentSession.id)).outcome).not.toBe('confirmed');
    expect((await shop.db.select().from(annualPasses).where(eq(annualPasses.id, pass.id)))[0]?.endsOn).toBe('2029-05-10');
    shop.clock = FIXED_NOW;
  });

  it('is given as a gift: the recipient is e-mailed a link and claims it into their account', async () => {
    shop.clock = FIXED_NOW;
    const buyer = await signedUpMember(shop.db, 'passgiver', 'en');
    const recipient = await signedUpMember(shop.db, 'passgetter', 'en');
    const { passId, paymentSession } = await buyPass(shop.deps, buyer, { recipientEmail: recipient.email.toUpperCase() }, 'en');
    await paid(paymentSession);
    const [gift] = await shop.db.select().from(annualPasses).where(eq(annualPasses.id, passId));
    expect(gift).toMatchObject({ status: 'UNCLAIMED', holderUserId: null, recipientEmail: recipient.email, startsOn: null });
    const [mail] = await listOutbox(shop.db, recipient.email);
    expect(mail?.subject).toBe('An annual pass to Skyline Tower for you');
    const link = /https?:\/\/\S+claimPass=([A-Z0-9-]+)/.exec(mail!.text)!;
    expect(link).not.toBeNull();
    // The buyer sees the gift, not as theirs to use.
    expect((await memberPasses(shop.db, buyer.userId, FIXED_NOW))[0]).toMatchObject({ status: 'UNCLAIMED', giftFor: recipient.email, canRenew: false });
    await expect(bookWithPass(buyer, await slot(13))).rejects.toMatchObject({ key: 'passNone' });

    shop.clock = new Date('2027-06-01T12:00:00-04:00');
    const claimed = await claimPass(shop.db, recipient, link[1]!, shop.now());
    expect(claimed).toMatchObject({ status: 'ACTIVE', holderUserId: recipient.userId, startsOn: '2027-06-01', endsOn: '2028-05-30' });
    await expect(claimPass(shop.db, buyer, link[1]!, shop.now())).rejects.toMatchObject({ key: 'passAlreadyClaimed' });
    await expect(claimPass(shop.db, buyer, 'AAAA-BBBB-CCCC-DDDD', shop.now())).rejects.toMatchObject({ key: 'passNotFound' });
    // The recipient books with it; the buyer sees the gift claimed, never the recipient's visits.
    const visit = await bookWithPass(recipient, await slot(25));
    expect((await memberPasses(shop.db, recipient.userId, shop.now()))[0]?.upcomingVisit).toMatchObject({ bookingId: visit.bookingId });
    expect((await memberPasses(shop.db, buyer.userId, shop.now()))[0]).toMatchObject({ status: 'ACTIVE', giftFor: recipient.email, upcomingVisit: null });
    shop.clock = FIXED_NOW;
  });

  it('admits the pass visit at the gate like a ticket, and the admission counts as a visit for the tiers', async () => {
    const { member } = await holder();
    const selectedTime = await slot(14);
    const visit = await bookWithPass(member, selectedTime);
    const [order] = await shop.db.select().from(orders).where(eq(orders.bookingUuid, visit.bookingId));
    shop.clock = new Date(new Date(selectedTime).getTime() + 5 * 60_000);
    expect(await scanTicket(shop.gate, { code: order!.tickets![0]!.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID', booking: { annualPass: true } });
    const visits = await shop.db.select().from(memberVisits).where(and(eq(memberVisits.userId, member.userId), eq(memberVisits.bookingUuid, visit.bookingId)));
    expect(visits).toHaveLength(1);
    // Admitted, the visit is no longer to come: the pass books the next one.
    expect((await memberPasses(shop.db, member.userId, shop.now()))[0]?.upcomingVisit).toBeNull();
    shop.clock = FIXED_NOW;
  });

  it('reports passes sold and their revenue in the sales report', async () => {
    const period = { ...rangeInstants({ from: '2027-05-12', to: '2027-05-12' }, TIME_ZONE), days: ['2027-05-12'], timeZone: TIME_ZONE };
    const before = await salesReport(shop.db, period);
    await holder('reported');
    const after = await salesReport(shop.db, period);
    expect(after.passes.sold - before.passes.sold).toBe(1);
    expect(after.passes.revenue - before.passes.revenue).toBe(12900);
  });
});
