// The managers' reports in process (modules/reports), on PGlite and on PostgreSQL: the figures match the
// bookings made here, exactly. Website orders (paid, one cancelled with a partial refund), a reseller's
// bookings (one cancelled by the reseller), an admission at the gate, a booking redeemed as a whole,
// no-shows once the slot is over, sign-ups and tokens. Sales count on the day of sale, visits on the
// visit day; the CSVs carry the same figures.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLocalIssuer } from '@/adapters/collectibles/local-issuer';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, undoAdmission } from '@/modules/gate/scan-ticket';
import { issueToken } from '@/modules/loyalty/issue-token';
import { recordLoyaltyEvent } from '@/modules/loyalty/record-event';
import { reportCsv, type ReportNames } from '@/modules/reports/report-csv';
import { staffReport } from '@/modules/reports/staff-report';
import { newSigningSeed } from '@/server/ticket-keys';
import { todayIn } from '@/universal/local-date';
import { embeddedCheckoutDeps, signedUpMember } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';
import { adults, firstSlot, NY, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const MANAGER = { kind: 'staff' as const, userId: 'manager-user', email: 'manager@staff.example' };
// Our own inventory, as the demo and the tests sell it: every order has its booking here.
const SETTINGS = { timeZone: NY, currency: 'USD', ownInventory: true };
const NAMES: ReportNames = { product: (id) => `Product ${id}`, channel: (id) => (id === 'website' ? 'this website' : id), drop: (id) => `Drop ${id}` };


/** A CSV as rows of cells (the test's own reader: quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe.each(TEST_BACKENDS)('reports on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  let clock = serverNow();
  const now = () => clock;
  let deps: ReturnType<typeof embeddedCheckoutDeps>;

  beforeAll(async () => {
    vi.stubEnv('TICKET_SIGNING_KEY', newSigningSeed());
    database = await openBackendDatabase(adminUrl);
    deps = embeddedCheckoutDeps(database.db, now);
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await database?.dispose();
  });

  async function paidOrder(selectedTime: string, quantity: number, joined: boolean) {
    const { userId, email } = await signedUpMember(database.db, 'report');
    if (joined) await recordLoyaltyEvent(database.db, { userId, trigger: 'joined' });
    const checkout = await startCheckout(deps, { userId, email }, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: quantity }, selectedTime }, 'fr');
    await deps.gateway.pay(checkout.paymentSession.id, CARD);
    const { order } = await completeCheckout(deps, checkout.paymentSession.id);
    expect(order.status).toBe('CONFIRMED');
    return order;
  }

  it('counts sales on the day of sale, refunds net, visits on the visit day, members and tokens, exactly', async () => {
    clock = serverNow();
    const today = todayIn(NY, clock);
    const visitDay = await openDay(deps.supplier, 'main-deck', 'main-deck-day', 2, 8);
    const slot = await firstSlot(deps.supplier, 'main-deck', 'main-deck-day', visitDay);

    // The website: three orders of $44 tickets, one cancelled with $22 back.
    const kept = await paidOrder(slot, 2, true);
    const cancelled = await paidOrder(slot, 2, true);
    const noShow = await paidOrder(slot, 1, false);
    await cancelBooking(deps, { reference: cancelled.supplierReference, refund: { kind: 'partial', amount: 2200 }, by: MANAGER, reason: 'Changed plans' });

    // A reseller: three tickets kept (redeemed as a whole later), one booking cancelled by the reseller.
    const reseller = createLocalSupplier(database.db, { resellerId: 'partner-one', now });
    const contact = { fullName: '=Partner, "One"', emailAddress: 'guest@partner.example' };
    const group = await reseller.createBooking({ uuid: crypto.randomUUID(), productId: 'main-deck', optionId: 'main-deck-day', availabilityId: slot, unitItems: adults(3) });
    const confirmedGroup = await reseller.confirmBooking(group.uuid, { contact });
    const dropped = await reseller.createBooking({ uuid: crypto.randomUUID(), productId: 'main-deck', optionId: 'main-deck-day', availabilityId: slot, unitItems: adults(1) });
    await reseller.confirmBooking(dropped.uuid, { contact });
    await reseller.cancelBooking(dropped.uuid, { reason: 'Guest cancelled' });
    // A hold never confirmed is no sale.
    await reseller.createBooking({ uuid: crypto.randomUUID(), productId: 'main-deck', optionId: 'main-deck-day', availabilityId: slot, unitItems: adults(1) });

    // The visit day: one of the kept order's two tickets admitted at the gate; the reseller's group redeemed whole.
    const start = new Date(slot);
    clock = new Date(start.getTime() + 5 * 60_000);
    const gate = { db: database.db, supplier: deps.supplier, toleranceMinutes: 30, ownInventory: true, now };
    expect(await scanTicket(gate, { code: kept.tickets![0]!.code!, gate: 'North', by: { ...MANAGER, kind: 'staff' } })).toMatchObject({ verdict: 'VALID' });
    // A wrong scan taken back: it counts as no admission (the booking's count goes back with the undo).
    expect(await scanTicket(gate, { code: kept.tickets![1]!.code!, gate: 'North', by: { ...MANAGER, kind: 'staff' } })).toMatchObject({ verdict: 'VALID' });
    await undoAdmission(gate, { ticket: kept.tickets![1]!.reference, by: { ...MANAGER, kind: 'staff' } });
    await deps.supplier.redeemBooking(confirmedGroup.supplierReference!);
    const issuer = createLocalIssuer(database.db);
    const issued = await runJobs(database.db, { 'loyalty.issue': (token) => issueToken(database.db, issuer, token.issueId) }, clock);
    expect(issued.retried + issued.failed).toBe(0);

    const period = { from: today, to: visitDay };
    // During the slot, the tickets not yet admitted are still expected.
    const during = await staffReport(database.db, period, { ...SETTINGS, now: clock });
    expect(during.visits.totals).toEqual({ tickets: 6, admitted: 4, noShows: 0, expected: 2 });

    // A day later, they are no-shows.
    const later = new Date(start.getTime() + 24 * 3600_000);
    const report = await staffReport(database.db, period, { ...SETTINGS, now: later });
    const sale = { bookings: 5, tickets: 9, gross: 39_600, refunds: 6_600, net: 33_000 };
    expect(report.sales.totals).toEqual(sale);
    expect(report.sales.byDay.find((d) => d.date === today)).toEqual({ date: today, ...sale });
    expect(report.sales.byDay.filter((d) => d.date !== today).every((d) => d.bookings === 0 && d.net === 0)).toBe(true);
    expect(report.sales.byProduct).toEqual([{ productId: 'main-deck', ...sale }]);
    expect(report.sales.byChannel).toEqual([
      { channel: 'website', kind: 'website', bookings: 3, tickets: 5, gross: 22_000, refunds: 2_200, net: 19_800 },
      { channel: 'partner-one', kind: 'reseller', bookings: 2, tickets: 4, gross: 17_600, refunds: 4_400, net: 13_200 },
    ]);
    expect(report.visits.totals).toEqual({ tickets: 6, admitted: 4, noShows: 2, expected: 0 });
    expect(report.visits.byDay.find((d) => d.date === visitDay)).toEqual({ date: visitDay, tickets: 6, admitted: 4, noShows: 2, expected: 0 });
    expect(report.members.total).toBe(3);
    expect(report.members.byDay.find((d) => d.date === today)?.joined).toBe(3);
    expect(report.tokens.byDrop).toEqual([
      { dropId: 'welcome', issued: 2 },
      { dropId: 'ticket-holder', issued: 3 },
      { dropId: 'sunrise-seeker', issued: 0 },
      { dropId: 'skyline-visitor', issued: 1 },
      // The Sky Moments challenges' tokens (decision 0043): every drop is listed, none earned here.
      { dropId: 'four-seasons', issued: 0 },
      { dropId: 'sunrise-and-sunset', issued: 0 },
      { dropId: 'three-in-a-row', issued: 0 },
      { dropId: 'sky-crew', issued: 0 },
    ]);
    expect(noShow.tickets).toHaveLength(1);

    // The visit day alone: no sales (they count on the day of sale), the same visits.
    if (visitDay !== today) {
      const visitOnly = await staffReport(database.db, { from: visitDay, to: visitDay }, { ...SETTINGS, now: later });
      expect(visitOnly.sales.totals.bookings).toBe(0);
      expect(visitOnly.visits.totals).toEqual(report.visits.totals);
      expect(visitOnly.members.total).toBe(0);
    }

    // The CSVs carry the same figures, in minor units and as decimals.
    const byDay = parseCsv(reportCsv(report, 'sales-by-day', NAMES));
    expect(byDay[0]).toEqual(['date', 'bookings', 'tickets', 'gross_minor', 'gross', 'refunds_minor', 'refunds', 'net_minor', 'net', 'currency']);
    expect(byDay).toHaveLength(report.sales.byDay.length + 1);
    expect(byDay.find((r) => r[0] === today)).toEqual([today, '5', '9', '39600', '396.00', '6600', '66.00', '33000', '330.00', 'USD']);
    const byChannel = parseCsv(reportCsv(report, 'sales-by-channel', NAMES));
    expect(byChannel.slice(1)).toEqual([
      ['website', 'this website', '3', '5', '22000', '220.00', '2200', '22.00', '19800', '198.00', 'USD'],
      ['partner-one', 'partner-one', '2', '4', '17600', '176.00', '4400', '44.00', '13200', '132.00', 'USD'],
    ]);
    expect(parseCsv(reportCsv(report, 'admissions', NAMES)).find((r) => r[0] === visitDay)).toEqual([visitDay, '6', '4', '2', '0']);
    expect(parseCsv(reportCsv(report, 'tokens', NAMES))[1]).toEqual(['welcome', 'Drop welcome', '2']);
    expect(parseCsv(reportCsv(report, 'members', NAMES)).find((r) => r[0] === today)).toEqual([today, '3']);
  });
});
