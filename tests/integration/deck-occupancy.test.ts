// Live occupancy (decision 0045): admissions in, exits out, today only, never below zero; the count in
// /staff/today's answer; the occupancy by hour of the reports and its CSV. On PGlite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { DECK } from '@/modules/gate/deck-occupancy';
import { recordExit } from '@/modules/gate/record-exit';
import { scanTicket, undoAdmission } from '@/modules/gate/scan-ticket';
import { reportCsv } from '@/modules/reports/report-csv';
import { staffReport } from '@/modules/reports/staff-report';
import { dayOverview } from '@/modules/staff/day-overview';
import { GATE_STAFF, TEST_CARD, signedUpMember, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';

const NAMES = { product: (id: string) => id, channel: (id: string) => id, drop: (id: string) => id };

describe.each(TEST_BACKENDS)('the deck’s occupancy on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  async function party(daysAhead: number, adults: number) {
    shop.clock = undefined;
    const who = await signedUpMember(shop.db, 'visitor', 'en');
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, adults);
    const selectedTime = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(shop.deps, who, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime }, 'en');
    await shop.deps.gateway.pay(checkout.paymentSession.id, TEST_CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    return { tickets: order.tickets!, day, start: new Date(selectedTime) };
  }
  const at = (start: Date, minutes: number) => (shop.clock = new Date(start.getTime() + minutes * 60_000));
  const admit = async (code: string) => expect((await scanTicket(shop.gate, { code, gate: 'North', by: GATE_STAFF })).verdict).toBe('VALID');
  const exit = (code?: string) => recordExit(shop.db, { code, gate: 'Exit', by: GATE_STAFF }, shop.now());
  const today = async (date: string) => (await dayOverview({ db: shop.db, supplier: shop.deps.supplier, ownInventory: true }, date, shop.now())).occupancy;

  it('counts admissions in and exits out; a ticket leaves once, only if it came in today; never below zero', async () => {
    const { tickets, day, start } = await party(50, 3);
    at(start, 5);
    expect(await today(day)).toEqual({ inside: 0, limit: DECK.occupancyLimit });
    await admit(tickets[0]!.code!);
    await admit(tickets[1]!.reference);
    expect(await today(day)).toEqual({ inside: 2, limit: DECK.occupancyLimit });

    expect(await exit(tickets[0]!.code!)).toEqual({ exit: 'LEFT', ticket: tickets[0]!.reference, occupancy: { inside: 1, limit: DECK.occupancyLimit } });
    // The same ticket again, a ticket never admitted, and a code that is no ticket of ours: nobody leaves.
    expect(await exit(tickets[0]!.reference.toLowerCase())).toMatchObject({ exit: 'NOT_INSIDE', occupancy: { inside: 1 } });
    expect(await exit(tickets[2]!.code!)).toMatchObject({ exit: 'NOT_INSIDE', ticket: tickets[2]!.reference, occupancy: { inside: 1 } });
    expect(await exit('SKY-ZZZZZZ')).toMatchObject({ exit: 'UNKNOWN', ticket: null, occupancy: { inside: 1 } });
    // The exit's counter: one person out, then nobody is left to count out, by ticket or by counter.
    expect(await exit()).toMatchObject({ exit: 'LEFT', ticket: null, occupancy: { inside: 0 } });
    expect(await exit()).toMatchObject({ exit: 'NOBODY_INSIDE', occupancy: { inside: 0 } });
    expect(await exit(tickets[1]!.code!)).toMatchObject({ exit: 'NOBODY_INSIDE', occupancy: { inside: 0 } });
    expect(await today(day)).toEqual({ inside: 0, limit: DECK.occupancyLimit });

    // The third member of the party comes in: one inside, whatever date /staff/today shows.
    await admit(tickets[2]!.code!);
    expect(await today('2030-01-01')).toMatchObject({ inside: 1 });
    // The next day starts at zero: yesterday's visitors are not on the deck.
    at(start, 24 * 60);
    expect(await today(day)).toMatchObject({ inside: 0 });
  });

  it('takes out an undone admission, and lets concurrent exits count out no more people than are inside', async () => {
    const { tickets, start } = await party(51, 3);
    at(start, 0);
    for (const ticket of tickets) await admit(ticket.code!);
    await undoAdmission(shop.gate, { ticket: tickets[2]!.reference, by: GATE_STAFF });
    expect((await exit()).occupancy.inside).toBe(1);
    // An exit of a ticket whose admission was undone counts nobody out.
    expect((await exit(tickets[2]!.code!)).exit).toBe('NOT_INSIDE');
    await admit(tickets[2]!.code!);
    const answers = await Promise.all(Array.from({ length: 6 }, () => exit()));
    expect(answers.filter((a) => a.exit === 'LEFT')).toHaveLength(2);
    expect(answers.filter((a) => a.exit === 'NOBODY_INSIDE')).toHaveLength(4);
    expect((await exit()).occupancy).toEqual({ inside: 0, limit: DECK.occupancyLimit });
  });

  it('reports the peak inside for each hour of the day, with the hours in between, and as a CSV', async () => {
    const { tickets, day, start } = await party(52, 4);
    // The slot starts on the hour: 20 minutes before is the hour before.
    const first = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone: 'America/New_York' }).format(start)) - 1;
    const second = first + 1;
    const last = first + 5;
    at(start, -20);
    for (const ticket of tickets.slice(0, 3)) await admit(ticket.code!);
    at(start, 10);
    await admit(tickets[3]!.code!);
    await exit(tickets[0]!.code!);
    at(start, 4 * 60 + 10);
    await exit();
    const { occupancy } = await staffReport(shop.db, { from: day, to: day }, { timeZone: 'America/New_York', currency: 'USD', now: shop.now() });
    const rows = occupancy.byHour;
    expect(rows[0]).toEqual({ date: day, hour: first, entries: 3, exits: 0, peak: 3 });
    expect(rows[1]).toEqual({ date: day, hour: second, entries: 1, exits: 1, peak: 4 });
    // Nobody passed in the hours between: three people were inside all along.
    expect(rows.slice(2, -1).every((r) => r.entries === 0 && r.exits === 0 && r.peak === 3)).toBe(true);
    expect(rows.at(-1)).toEqual({ date: day, hour: last, entries: 0, exits: 1, peak: 3 });
    expect(rows.map((r) => r.hour)).toEqual(Array.from({ length: last - first + 1 }, (_, i) => first + i));
    expect(occupancy.peak).toBe(4);
    const csv = reportCsv(await staffReport(shop.db, { from: day, to: day }, { timeZone: 'America/New_York', currency: 'USD', now: shop.now() }), 'occupancy-by-hour', NAMES);
    expect(csv.split('\r\n').slice(0, 3)).toEqual(['date,hour,entries,exits,peak_inside', `${day},${first},3,0,3`, `${day},${second},1,1,4`]);
  });
});
