// The sales report's summed days (decision 0057), on PGlite and on PostgreSQL: on random sales over 80 days
// (website orders and their payments, refunds, changes paid for, resellers' bookings confirmed and cancelled,
// stamped at any hour, across the change to daylight saving time), the report read through the sums equals
// the report read from the ledger alone, for the whole period and for random ranges: before the job's first
// run, after it, after writes that change summed days (an order's tickets changed, a reseller's booking
// amended) before the next run, and after that run. The sums are really read (the plan says so), and only
// the days those writes changed are read again from the ledger (a redemption at the gate changes none; an
// amendment through the supplier stamps the booking, a redemption does not). And the
// occupancy report's hours summed equal its passages (admissions, exits, undone admissions, an offline gate's
// scans sent late), the visits report's days summed equal its bookings (decision 0059: admissions recorded or
// undone later, bookings redeemed or cancelled later, a slot past midnight), and the booking search's trigram
// indexes (decision 0057) exist on both databases, where the planner can use them.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangeInstants } from '@/modules/reports/report-range';
import { salesDaysPlan, sumSalesDays } from '@/modules/reports/sales-days';
import { OCCUPANCY_SUMS } from '@/modules/reports/occupancy-days';
import { occupancyReport } from '@/modules/reports/occupancy-report';
import { salesReport } from '@/modules/reports/sales-report';
import { SETTLE_MS, summedPlan, sumReportDays } from '@/modules/reports/summed-days';
import { VISITS_SUMS } from '@/modules/reports/visits-days';
import { visitsReport } from '@/modules/reports/visits-report';
import { rowsOf } from '@/server/db/sql-rows';
import { addLocalDays, localDatesBetween, todayIn } from '@/universal/local-date';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { randomPeriod } from '../support/random-period';
import { firstSlot, NY, openDay } from './supplier-scenarios';

const DAY = 86_400_000;
const DAYS = 80;

describe.each(TEST_BACKENDS)('sales report summed by day on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  const { seed, random, now, today, first, instant, onFirstDay, settledAfter } = randomPeriod(DAYS, NY);
  let options: { id: string; product_id: string }[] = [];
  let userId = '';
  let serial = 0;

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
    options = await rowsOf<{ id: string; product_id: string }>(database.db, sql`select id, product_id from product_options order by id`);
    userId = crypto.randomUUID();
    await database.db.execute(sql`insert into users (id, email) values (${userId}, ${`sales-days-${seed}@example.com`})`);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** One to three lines of tickets. */
  const lines = () => {
    const picked = ['adult', 'child', 'senior'].filter(() => random.next() < 0.6);
    return (picked.length ? picked : ['adult']).map((unitId) => ({ unitId, title: unitId, quantity: random.int(1, 4), unitPrice: random.int(10, 60) * 100 }));
  };

  async function payment(purpose: 'order' | 'change', referenceId: string, amount: number, state: string, confirmedAt: Date | null) {
    const id = crypto.randomUUID();
    await database.db.execute(sql`insert into payments (id, purpose, reference_id, amount, currency, gateway, gateway_session_id, session, state, created_at, confirmed_at)
      values (${id}, ${purpose}, ${referenceId}, ${amount}, 'USD', 'test', ${`cs_test_days_${id}`}, '{}'::jsonb, ${state}, ${confirmedAt ?? now}, ${confirmedAt})`);
    return id;
  }

  async function websiteOrder(confirmedAt: Date, state = 'confirmed') {
    const option = random.pick(options);
    const orderId = crypto.randomUUID();
    const orderLines = lines();
    const total = orderLines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
    const paymentId = await payment('order', orderId, total, state, state === 'confirmed' ? confirmedAt : null);
    serial += 1;
    await database.db.execute(sql`insert into orders (id, booking_uuid, supplier_reference, user_id, status, product_id, option_id, product_title, option_title,
        availability_id, lines, total, currency, locale, payment_id, hold_expires_at, created_at)
      values (${orderId}, ${crypto.randomUUID()}, ${`SKY-D${String(serial).padStart(5, '0')}`}, ${userId}, 'CONFIRMED', ${option.product_id}, ${option.id}, 'Product', 'Option',
        ${'2027-06-01T10:00:00-04:00'}, ${JSON.stringify(orderLines)}::jsonb, ${total}, 'USD', 'en', ${paymentId}, ${confirmedAt}, ${confirmedAt})`);
    return { orderId, paymentId, total, confirmedAt, paid: state === 'confirmed' };
  }

  async function refund(paymentId: string, amount: number, at: Date) {
    await database.db.execute(sql`insert into refunds (payment_id, amount, idempotency_key, state, reason, created_at)
      values (${paymentId}, ${amount}, ${`test:${crypto.randomUUID()}`}, 'done', 'test', ${at})`);
  }

  /** A change of the order, recorded at `at` (its lines replaced, as modules/bookings/record-change.ts does), paid for when `pay`. */
  async function change(orderId: string, at: Date, pay: number) {
    const toLines = lines();
    const paymentId = pay ? await payment('change', crypto.randomUUID(), pay, 'confirmed', at) : null;
    await database.db.execute(sql`insert into booking_changes (order_id, from_availability_id, to_availability_id, from_lines, to_lines, from_total, to_total, created_at, status, pay_amount, payment_id)
      values (${orderId}, 'a', 'b', '[]'::jsonb, ${JSON.stringify(toLines)}::jsonb, 0, 0, ${at}, 'DONE', ${pay}, ${paymentId})`);
    await database.db.execute(sql`update orders set lines = ${JSON.stringify(toLines)}::jsonb where id = ${orderId}`);
  }

  async function resellerBooking(confirmedAt: Date, cancelledAt?: Date) {
    const option = random.pick(options);
    serial += 1;
    const id = crypto.randomUUID();
    await database.db.execute(sql`insert into bookings (id, uuid, supplier_reference, reseller_id, status, product_id, option_id, availability_id, slot_start, slot_end,
        unit_count, total, currency, created_at, updated_at, confirmed_at, cancelled_at)
      values (${id}, ${crypto.randomUUID()}, ${`SKY-R${String(serial).padStart(5, '0')}`}, ${random.pick(['partner-one', 'partner-two'])}, ${cancelledAt ? 'CANCELLED' : 'CONFIRMED'},
        ${option.product_id}, ${option.id}, '2027-06-01T10:00:00-04:00', ${'2027-06-01T14:00:00Z'}, ${'2027-06-01T15:00:00Z'},
        ${random.int(1, 6)}, ${random.int(1, 30) * 1000}, 'USD', ${confirmedAt}, ${cancelledAt ?? confirmedAt}, ${confirmedAt}, ${cancelledAt ?? null})`);
    return id;
  }

  const periodOf = (from: string, to: string, at = now) => ({ ...rangeInstants({ from, to }, NY), days: localDatesBetween(from, to), timeZone: NY, now: at });

  /** The whole period and random ranges (within it, before it, up to today): the sums say what the ledger says. */
  async function expectExact(at: Date, label: string) {
    const ranges = [{ from: first, to: today }, { from: addLocalDays(first, -5), to: addLocalDays(first, 3) }, { from: today, to: today }];
    for (let i = 0; i < 6; i++) {
      const a = addLocalDays(first, random.int(0, DAYS - 1));
      const b = addLocalDays(first, random.int(0, DAYS - 1));
      ranges.push(a <= b ? { from: a, to: b } : { from: b, to: a });
    }
    for (const range of ranges) {
      const period = periodOf(range.from, range.to, at);
      const summed = await salesReport(database.db, period);
      const ledger = await salesReport(database.db, period, { summed: false });
      expect(summed, `${label}, ${range.from} to ${range.to} (seed ${seed})`).toEqual(ledger);
    }
  }

  it('equals the ledger before the first run, after it, after later changes of summed days, and after the next run', async () => {
    const orders = [await websiteOrder(onFirstDay())];
    for (let i = 0; i < 120; i++) orders.push(await websiteOrder(instant(), random.next() < 0.1 ? 'refunded' : 'confirmed'));
    for (const order of orders.filter(() => random.next() < 0.3)) {
      const at = settledAfter(order.confirmedAt);
      await refund(order.paymentId, random.int(1, order.total), at);
    }
    for (const order of orders.filter(() => random.next() < 0.15)) {
      const at = settledAfter(order.confirmedAt);
      await change(order.orderId, at, random.next() < 0.5 ? random.int(1, 40) * 100 : 0);
    }
    const resellers: { id: string; confirmedAt: Date; cancelled: boolean }[] = [];
    for (let i = 0; i < 60; i++) {
      const confirmedAt = instant();
      const cancelledAt = random.next() < 0.25 ? settledAfter(confirmedAt) : undefined;
      resellers.push({ id: await resellerBooking(confirmedAt, cancelledAt), confirmedAt, cancelled: cancelledAt !== undefined });
    }
    const whole = periodOf(first, today);
    const ledgerTotals = (await salesReport(database.db, whole, { summed: false })).totals;
    expect(ledgerTotals.bookings, 'the random data holds sales').toBeGreaterThan(100);

    // Nothing summed yet: the ledger alone.
    expect((await salesDaysPlan(database.db, whole, now)).summed).toBeUndefined();
    await expectExact(now, 'before the first run');

    // The first run sums every ended day; the report then reads the ledger for today alone.
    expect(await sumSalesDays(database.db, now, NY), 'every ended day of the period').toBe(DAYS - 1);
    const plan = await salesDaysPlan(database.db, whole, now);
    expect(plan.summed).toMatchObject({ to: addLocalDays(today, -1), except: [] });
    expect(plan.rows).toEqual([rangeInstants({ from: today, to: today }, NY)]);
    expect((await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from sales_days`))[0]!.n).toBeGreaterThan(DAYS / 2);
    await expectExact(now, 'after the first run');

    // Later writes that change summed days, before the next run: an old order changed (its tickets), a change
    // paid for, a reseller's booking amended (stamped as inventory/amend-booking.ts stamps it) and another
    // cancelled; and new sales today. And one that changes no sales: an old booking redeemed at the gate.
    const later = new Date(now.getTime() + 30 * 60_000);
    const old = (at: Date) => todayIn(NY, at) < addLocalDays(today, -3);
    // Paid orders: an order whose payment was refunded in full counts on no day, so its change changes none.
    const [oldOrder, paidChange] = orders.filter((o) => o.paid && old(o.confirmedAt));
    const [amended, cancelled, redeemed] = resellers.filter((r) => !r.cancelled && old(r.confirmedAt));
    await change(oldOrder!.orderId, later, 0);
    await change(paidChange!.orderId, later, 1500);
    await database.db.execute(sql`update bookings set unit_count = unit_count + 1, total = total + 700, amended_at = ${later}, updated_at = ${later} where id = ${amended!.id}`);
    await database.db.execute(sql`update bookings set status = 'CANCELLED', cancelled_at = ${later}, updated_at = ${later} where id = ${cancelled!.id}`);
    await database.db.execute(sql`update bookings set status = 'REDEEMED', redeemed_at = ${later}, updated_at = ${later} where id = ${redeemed!.id}`);
    await websiteOrder(later);
    await resellerBooking(later);
    const stale = await salesDaysPlan(database.db, whole, later);
    // Read from the ledger: the days of the changed orders' payments and of the amended booking's confirmation;
    // the cancellation counts today, and the redemption nowhere.
    const changed = [...new Set([oldOrder!.confirmedAt, paidChange!.confirmedAt, amended!.confirmedAt].map((at) => todayIn(NY, at)))].sort();
    expect(stale.summed!.except, `the changed days are read from the ledger (seed ${seed})`).toEqual(changed);
    await expectExact(later, 'after changes to summed days');

    // The next run, the next day: the changed days summed again, yesterday summed, and still exact.
    const nextDay = new Date(now.getTime() + DAY + SETTLE_MS);
    await sumSalesDays(database.db, nextDay, NY);
    const after = await salesDaysPlan(database.db, periodOf(first, todayIn(NY, nextDay), nextDay), nextDay);
    expect(after.summed).toMatchObject({ to: today, except: [] });
    await expectExact(nextDay, 'after the next run');
    // A run that finds nothing new changes nothing.
    expect(await sumSalesDays(database.db, new Date(nextDay.getTime() + 60_000), NY)).toBe(0);
    await expectExact(nextDay, 'after an idle run');
  });

  async function admission(at: Date, undoneAt?: Date) {
    const id = crypto.randomUUID();
    await database.db.execute(sql`insert into ticket_redemptions (id, ticket_reference, booking_uuid, booking_reference, gate, redeemed_at, undone_at)
      values (${id}, ${`TKT-${id.slice(0, 8)}`}, ${crypto.randomUUID()}, 'SKY-OCC001', 'North', ${at}, ${undoneAt ?? null})`);
    return id;
  }
  async function exit(at: Date, admissionId: string | null) {
    await database.db.execute(sql`insert into deck_exits (admission_id, gate, exited_at) values (${admissionId}, 'South', ${at})`);
  }

  /** The occupancy report of the whole period and random ranges, through the sums and from the passages alone. */
  async function expectSameOccupancy(at: Date, label: string) {
    const ranges = [{ from: first, to: today }, { from: today, to: today }];
    for (let i = 0; i < 5; i++) {
      const a = addLocalDays(first, random.int(0, DAYS - 1));
      const b = addLocalDays(first, random.int(0, DAYS - 1));
      ranges.push(a <= b ? { from: a, to: b } : { from: b, to: a });
    }
    for (const range of ranges) {
      const period = periodOf(range.from, range.to, at);
      expect(await occupancyReport(database.db, period), `${label}, ${range.from} to ${range.to} (seed ${seed})`).toEqual(await occupancyReport(database.db, period, { summed: false }));
    }
  }

  it('sums the occupancy by hour as the passages say, before and after admissions of summed days are undone', async () => {
    const admissions: { id: string; at: Date }[] = [];
    for (let i = 0; i < 300; i++) {
      const at = i === 0 ? onFirstDay() : instant();
      const undone = i > 0 && random.next() < 0.05 ? new Date(at.getTime() + random.next() * (now.getTime() - at.getTime())) : undefined;
      const id = await admission(at, undone);
      if (!undone) admissions.push({ id, at });
      // Most leave within five hours (a few after midnight); some exits have no admission (counted by hand).
      const left = new Date(at.getTime() + random.next() * 5 * 3_600_000);
      if (random.next() < 0.6 && left < now) await exit(left, id);
      if (random.next() < 0.05) await exit(instant(), null);
    }
    const whole = periodOf(first, today);
    expect((await occupancyReport(database.db, whole, { summed: false })).byHour.length, 'the random passages fill hours').toBeGreaterThan(50);
    await expectSameOccupancy(now, 'before the first run');

    expect(await sumReportDays(database.db, OCCUPANCY_SUMS, now, NY), 'every ended day of the period').toBe(DAYS - 1);
    expect((await summedPlan(database.db, OCCUPANCY_SUMS, whole, now)).summed).toMatchObject({ to: addLocalDays(today, -1), except: [] });
    await expectSameOccupancy(now, 'after the first run');

    // An admission of a summed day undone later (its entry and its exit no longer count), and a new one today.
    const later = new Date(now.getTime() + 20 * 60_000);
    const old = admissions.find((a) => todayIn(NY, a.at) < addLocalDays(today, -3))!;
    await database.db.execute(sql`update ticket_redemptions set undone_at = ${later} where id = ${old.id}`);
    await admission(later);
    // A scan an offline gate kept two days and sent now (decision 0054): recorded later than it was scanned.
    const offline = new Date(now.getTime() - 2 * DAY);
    const offlineId = await admission(offline);
    await database.db.execute(sql`update ticket_redemptions set recorded_at = ${later} where id = ${offlineId}`);
    const stale = (await summedPlan(database.db, OCCUPANCY_SUMS, whole, later)).summed!.except;
    expect(stale).toContain(todayIn(NY, old.at));
    expect(stale, 'the day an offline gate scanned on').toContain(todayIn(NY, offline));
    await expectSameOccupancy(later, 'after an admission of a summed day was undone, and an offline scan sent late');

    const nextDay = new Date(now.getTime() + DAY + SETTLE_MS);
    await sumReportDays(database.db, OCCUPANCY_SUMS, nextDay, NY);
    expect((await summedPlan(database.db, OCCUPANCY_SUMS, whole, nextDay)).summed).toMatchObject({ to: today, except: [] });
    await expectSameOccupancy(nextDay, 'after the next run');
  });

  /** A booking of ours for a slot of `day` (a local date) at `hour` lasting `hours`, admitted in part or whole. */
  async function visitBooking(day: string, hour: number, hours: number, status: 'CONFIRMED' | 'REDEEMED' | 'CANCELLED', admitted: number, tickets: number) {
    serial += 1;
    const option = random.pick(options);
    const slotStart = new Date(rangeInstants({ from: day, to: day }, NY).start.getTime() + hour * 3_600_000);
    const slotEnd = new Date(slotStart.getTime() + hours * 3_600_000);
    const created = new Date(slotStart.getTime() - random.int(1, 20) * DAY);
    const row = { id: crypto.randomUUID(), uuid: crypto.randomUUID(), reference: `SKY-V${String(serial).padStart(5, '0')}`, slotStart, slotEnd };
    await database.db.execute(sql`insert into bookings (id, uuid, supplier_reference, reseller_id, status, product_id, option_id, availability_id, slot_start, slot_end,
        unit_count, admitted_count, total, currency, created_at, updated_at, confirmed_at)
      values (${row.id}, ${row.uuid}, ${row.reference}, ${random.pick(['website', 'partner-one'])}, ${status}, ${option.product_id}, ${option.id},
        ${`visit ${day} ${hour}`}, ${slotStart}, ${slotEnd}, ${tickets}, ${admitted}, 1000, 'USD', ${created}, ${created}, ${created})`);
    return row;
  }

  /** An admission of one of the booking's tickets scanned at `at`, recorded at `recordedAt` (later for an offline
   * gate's scan sent late), and the booking's count moved with it, as the gate writes them. */
  async function admit(booking: { uuid: string; reference: string }, at: Date, recordedAt = at) {
    const id = crypto.randomUUID();
    await database.db.execute(sql`insert into ticket_redemptions (id, ticket_reference, booking_uuid, booking_reference, gate, redeemed_at, recorded_at)
      values (${id}, ${`TKT-${id.slice(0, 8)}`}, ${booking.uuid}, ${booking.reference}, 'North', ${at}, ${recordedAt})`);
    await database.db.execute(sql`update bookings set admitted_count = admitted_count + 1 where uuid = ${booking.uuid}`);
    return id;
  }

  /** The visits report of the whole period and random ranges (our inventory alone, and with an external
   * supplier's orders), through the sums and from the bookings alone. */
  async function expectSameVisits(at: Date, label: string, to = today) {
    const ranges = [{ from: first, to }, { from: to, to }, { from: addLocalDays(first, -5), to: addLocalDays(first, 3) }];
    for (let i = 0; i < 5; i++) {
      const a = addLocalDays(first, random.int(0, DAYS - 1));
      const b = addLocalDays(first, random.int(0, DAYS - 1));
      ranges.push(a <= b ? { from: a, to: b } : { from: b, to: a });
    }
    for (const range of ranges) {
      for (const ownInventory of [true, false]) {
        const period = { ...periodOf(range.from, range.to, at), ownInventory };
        const summed = await visitsReport(database.db, period);
        expect(summed, `${label}, ${range.from} to ${range.to}${ownInventory ? '' : ' with external orders'} (seed ${seed})`).toEqual(
          await visitsReport(database.db, period, { summed: false }),
        );
      }
    }
  }

  it('sums the visits by day as the bookings say, before and after later admissions, undos, redemptions and cancellations of summed days', async () => {
    const booked: Awaited<ReturnType<typeof visitBooking>>[] = [];
    for (let i = 0; i < 250; i++) {
      const day = addLocalDays(first, random.int(-3, DAYS + 2));
      const tickets = random.int(1, 6);
      const status = random.pick(['CONFIRMED', 'CONFIRMED', 'REDEEMED', 'CANCELLED'] as const);
      // Some slots run past midnight; most tickets of past slots were admitted.
      const row = await visitBooking(day, random.int(8, 23), random.pick([1, 1, 2, 3]), status, status === 'CANCELLED' || random.next() < 0.2 ? 0 : random.int(0, tickets), tickets);
      if (status === 'CONFIRMED') booked.push(row);
    }
    // A night event of today that ends the next day at noon: summed the next day, still expected then.
    const night = await visitBooking(today, 22, 14, 'CONFIRMED', 0, 4);
    const whole = periodOf(first, today);
    const raw = await visitsReport(database.db, { ...whole, ownInventory: true }, { summed: false });
    expect(raw.totals.noShows, 'the random bookings hold no-shows').toBeGreaterThan(0);
    expect(raw.totals.expected, 'and tickets still expected today').toBeGreaterThan(0);
    await expectSameVisits(now, 'before the first run');

    expect(await sumReportDays(database.db, VISITS_SUMS, now, NY)).toBeGreaterThanOrEqual(DAYS - 2);
    expect((await summedPlan(database.db, VISITS_SUMS, whole, now)).summed).toMatchObject({ to: addLocalDays(today, -1), except: [] });
    expect((await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from visits_days`))[0]!.n).toBeGreaterThan(DAYS / 2);
    await expectSameVisits(now, 'after the first run');

    // Later writes to summed days' bookings, before the next run: a scan an offline gate sent late, an admission
    // undone, a booking redeemed as a whole, one cancelled; and a new admission today.
    const later = new Date(now.getTime() + 30 * 60_000);
    const past = booked.filter((b) => todayIn(NY, b.slotStart) < addLocalDays(today, -3) && todayIn(NY, b.slotStart) >= first);
    const [offline, undone, redeemed, cancelled] = [past[0]!, past[1]!, past[2]!, past[3]!];
    await admit(offline, offline.slotStart, later);
    const admission = await admit(undone, undone.slotStart);
    await database.db.execute(sql`update ticket_redemptions set undone_at = ${later} where id = ${admission}`);
    await database.db.execute(sql`update bookings set admitted_count = admitted_count - 1 where uuid = ${undone.uuid}`);
    await database.db.execute(sql`update bookings set status = 'REDEEMED', admitted_count = 0, redeemed_at = ${later}, updated_at = ${later} where uuid = ${redeemed.uuid}`);
    await database.db.execute(sql`update bookings set status = 'CANCELLED', cancelled_at = ${later}, updated_at = ${later} where uuid = ${cancelled.uuid}`);
    const ofToday = booked.find((b) => todayIn(NY, b.slotStart) === today);
    if (ofToday) await admit(ofToday, later);
    const stale = (await summedPlan(database.db, VISITS_SUMS, whole, later)).summed!.except;
    for (const changed of [offline, undone, redeemed, cancelled]) expect(stale, 'a changed day is read from its bookings').toContain(todayIn(NY, changed.slotStart));
    await expectSameVisits(later, 'after changes to summed days');

    // The next run, the next day: today summed, with the night event still running (read from its bookings).
    const nextDay = new Date(now.getTime() + DAY + SETTLE_MS);
    await sumReportDays(database.db, VISITS_SUMS, nextDay, NY);
    expect((await summedPlan(database.db, VISITS_SUMS, whole, nextDay)).summed).toMatchObject({ to: today, except: [] });
    const summedToday = (await visitsReport(database.db, { ...periodOf(today, today, nextDay), ownInventory: true })).totals;
    expect(summedToday.expected, 'the night event is still expected').toBe(4);
    await expectSameVisits(nextDay, 'after the next run', todayIn(NY, nextDay));
    // Once the night event has ended, its tickets are no-shows, summed or not.
    await expectSameVisits(new Date(night.slotEnd.getTime() + 60_000), 'after the night event ended', todayIn(NY, nextDay));
  });

  it('has the booking search’s trigram indexes (pg_trgm), and a search by e-mail can read them', async () => {
    const names = await rowsOf<{ indexname: string }>(database.db, sql`select indexname from pg_indexes where indexname like '%trgm_idx' order by 1`);
    expect(names.map((n) => n.indexname)).toEqual([
      'bookings_guest_email_trgm_idx',
      'bookings_guest_first_last_trgm_idx',
      'bookings_guest_name_trgm_idx',
      'memberships_name_trgm_idx',
      'users_email_trgm_idx',
    ]);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await rowsOf<Record<string, string>>(tx as never, sql`explain select id from users where email ilike ${'%sales-days%'}`);
      expect(plan.map((line) => Object.values(line)[0]).join('\n')).toContain('users_email_trgm_idx');
    });
  });

  it('stamps a reseller booking amended when its tickets change through the supplier, and not when it is redeemed', async () => {
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const partner = (when: Date) => createLocalSupplier(database.db, { resellerId: 'partner-one', now: () => when });
    const day = await openDay(partner(at(0)), 'main-deck', 'main-deck-day', 5, 4);
    const slot = await firstSlot(partner(at(0)), 'main-deck', 'main-deck-day', day);
    const held = await partner(at(0)).createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: slot, unitItems: [{ unitId: 'adult' }] });
    const confirmed = await partner(at(1)).confirmBooking(held.uuid, { contact: { fullName: 'Amended Partner' }, unitItems: [{ unitId: 'adult' }] });
    const stamp = async () => (await rowsOf<{ amended_at: Date | string | null }>(database.db, sql`select amended_at from bookings where uuid = ${held.uuid}`))[0]!.amended_at;
    expect(await stamp(), 'confirmed as held: not amended').toBeNull();
    await partner(at(2)).updateBooking(held.uuid, { unitItems: [{ unitId: 'adult' }, { unitId: 'adult' }] });
    expect(new Date((await stamp())!).toISOString()).toBe(at(2).toISOString());
    await partner(at(3)).redeemBooking(confirmed.supplierReference!);
    expect(new Date((await stamp())!).toISOString(), 'a redemption changes no sales').toBe(at(2).toISOString());
  });
});
