// The program and tokens reports of a period summed by day (decision 0064), on PGlite and on PostgreSQL: on
// random points lines (tickets earned pending, confirmed, void or expired, rewards spent, managers' credits and
// debits, at any hour over 80 days) and random tokens, the reports read through the sums equal the reports read
// from the lines and tokens alone, for the whole period and random ranges: before the job's first run, after
// it, after later writes through the program's own modules (a spend drawn from old lines and given back, an
// old line confirmed, another voided, lines expired, tokens issued), and after the next run. And the repeat
// visitors, counted from each visit's previous and next visit dates, equal a count by member, with visits
// counted and taken back in any order through member-visits.ts.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmTicketPoints, voidBookingPoints } from '@/modules/program/member-points';
import { countVisit, uncountVisit } from '@/modules/program/member-visits';
import { expirePoints } from '@/modules/program/points-jobs';
import { giveBackSpend, spendPoints } from '@/modules/program/spend-points';
import { tokensReport } from '@/modules/reports/loyalty-report';
import { POINTS_SUMS } from '@/modules/reports/points-days';
import { programReport } from '@/modules/reports/program-report';
import { rangeInstants } from '@/modules/reports/report-range';
import { SETTLE_MS, summedPlan, sumReportDays } from '@/modules/reports/summed-days';
import { TOKENS_SUMS } from '@/modules/reports/tokens-days';
import type { Database } from '@/server/db/client';
import { serverNow } from '@/server/clock';
import { rowsOf } from '@/server/db/sql-rows';
import { addLocalDays, localDatesBetween, todayIn } from '@/universal/local-date';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { randomPeriod } from '../support/random-period';
import { NY } from './supplier-scenarios';

const DAY = 86_400_000;
const DAYS = 80;

describe.each(TEST_BACKENDS)('program and tokens reports summed by day on $name', ({ adminUrl }) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  const { seed, random, now, today, first, instant, onFirstDay, settledAfter } = randomPeriod(DAYS, NY);
  const members: string[] = [];
  let option = { id: '', product_id: '' };
  let serial = 0;

  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
    option = (await rowsOf<{ id: string; product_id: string }>(database.db, sql`select id, product_id from product_options order by id limit 1`))[0]!;
    for (let i = 0; i < 12; i++) {
      const id = crypto.randomUUID();
      await database.db.execute(sql`insert into users (id, email) values (${id}, ${`program-sums-${seed}-${i}@example.com`})`);
      members.push(id);
    }
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const expiryAround = () => addLocalDays(today, random.int(-5, 60));

  /** A member's order of a visit on `day` (paid), as checkout writes it: what points, spends and visits name. */
  async function order(userId: string, day: string) {
    const [id, paymentId, bookingUuid] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    serial += 1;
    await database.db.execute(sql`insert into payments (id, purpose, reference_id, amount, currency, gateway, gateway_session_id, session, state, created_at, confirmed_at)
      values (${paymentId}, 'order', ${id}, 1000, 'USD', 'test', ${`cs_test_program_${paymentId}`}, '{}'::jsonb, 'confirmed', ${now}, ${now})`);
    await database.db.execute(sql`insert into orders (id, booking_uuid, supplier_reference, user_id, status, product_id, option_id, product_title, option_title,
        availability_id, lines, total, currency, locale, payment_id, hold_expires_at, created_at)
      values (${id}, ${bookingUuid}, ${`SKY-P${String(serial).padStart(5, '0')}`}, ${userId}, 'CONFIRMED', ${option.product_id}, ${option.id}, 'Product', 'Option',
        ${`${day}T10:00:00-04:00`}, '[]'::jsonb, 1000, 'USD', 'en', ${paymentId}, ${now}, ${now})`);
    return { id, bookingUuid };
  }

  type Line = { userId: string; reason: string; points: number; state: string; earnedAt: Date; expiresOn?: string; spent?: number; closedAt?: Date; bookingUuid?: string };
  /** A points line as the program writes it, stamped by its last write (the latest of its instants). */
  async function line(l: Line) {
    const stamps = [l.earnedAt, l.closedAt].filter((d): d is Date => d !== undefined);
    const updatedAt = new Date(Math.max(...stamps.map((d) => d.getTime())));
    await database.db.execute(sql`insert into member_points (user_id, reason, points, spent, state, booking_uuid, ticket_reference, earned_at, confirmed_at, expires_on, closed_at, updated_at)
      values (${l.userId}, ${l.reason}, ${l.points}, ${l.spent ?? 0}, ${l.state}, ${l.bookingUuid ?? null}, ${l.bookingUuid ? `TKT-${crypto.randomUUID().slice(0, 8)}` : null},
        ${l.earnedAt}, ${l.state === 'confirmed' || l.state === 'expired' ? l.earnedAt : null}, ${l.expiresOn ?? null}, ${l.closedAt ?? null}, ${updatedAt})`);
  }

  async function randomLines() {
    const booked: { bookingUuid: string; earnedAt: Date; state: string }[] = [];
    for (let i = 0; i < 400; i++) {
      const userId = random.pick(members);
      const earnedAt = i === 0 ? onFirstDay() : instant();
      const kind = random.pick(['pending', 'confirmed', 'confirmed', 'confirmed', 'void', 'expired', 'spend', 'credit', 'debit'] as const);
      if (kind === 'spend' || kind === 'debit') {
        const state = kind === 'debit' ? 'confirmed' : random.pick(['pending', 'confirmed', 'void']);
        await line({ userId, reason: kind === 'debit' ? 'adjustment' : 'reward:coffee', points: -random.int(1, 40) * 10, state, earnedAt, closedAt: state === 'void' ? settledAfter(earnedAt) : undefined });
      } else {
        const points = random.int(1, 20) * 10;
        const bookingUuid = kind === 'credit' ? undefined : crypto.randomUUID();
        const state = kind === 'credit' ? 'confirmed' : kind;
        const closedAt = state === 'void' || state === 'expired' ? settledAfter(earnedAt) : undefined;
        const expiresOn = state === 'confirmed' || state === 'expired' ? expiryAround() : undefined;
        await line({ userId, reason: kind === 'credit' ? 'adjustment' : 'ticket', points, state, earnedAt, expiresOn, closedAt, bookingUuid, spent: state === 'pending' ? 0 : random.int(0, points) });
        if (bookingUuid) booked.push({ bookingUuid, earnedAt, state });
      }
    }
    return booked;
  }

  async function randomTokens() {
    for (let i = 0; i < 200; i++) {
      const issued = i === 0 || random.next() < 0.9;
      const at = i === 0 ? onFirstDay() : instant();
      await database.db.execute(sql`insert into token_issues (user_id, drop_id, source, status, token_id, created_at, issued_at)
        values (${random.pick(members)}, ${random.pick(['ticket-holder', 'sunrise-seeker', 'skyline-visitor', 'retired-drop'])}, ${`test:${crypto.randomUUID()}`},
          ${issued ? 'issued' : 'pending'}, ${issued ? `local-${i}` : null}, ${at}, ${issued ? at : null})`);
    }
  }

  const periodOf = (from: string, to: string, at: Date) => ({ ...rangeInstants({ from, to }, NY), days: localDatesBetween(from, to), timeZone: NY, now: at });
  const ranges = (to: string) => {
    const list = [{ from: first, to }, { from: to, to }, { from: addLocalDays(first, -5), to: addLocalDays(first, 3) }];
    for (let i = 0; i < 5; i++) {
      const [a, b] = [addLocalDays(first, random.int(0, DAYS - 1)), addLocalDays(first, random.int(0, DAYS - 1))];
      list.push(a <= b ? { from: a, to: b } : { from: b, to: a });
    }
    return list;
  };

  /** The program's points and the tokens of the whole period and random ranges, through the sums and alone. */
  async function expectExact(at: Date, label: string, to = todayIn(NY, at)) {
    for (const range of ranges(to)) {
      const period = periodOf(range.from, range.to, at);
      const program = { range, start: period.start, end: period.end, today: todayIn(NY, at), timeZone: NY, now: at };
      const name = `${label}, ${range.from} to ${range.to} (seed ${seed})`;
      expect((await programReport(database.db, program)).points, name).toEqual((await programReport(database.db, program, { summed: false })).points);
      expect(await tokensReport(database.db, period), name).toEqual(await tokensReport(database.db, period, { summed: false }));
    }
  }

  const inTransaction = (write: (tx: Database) => Promise<unknown>) => database.db.transaction((tx) => write(tx as unknown as Database));

  it('equal the lines and tokens alone before the first run, after it, after later writes to summed days, and after the next run', async () => {
    const booked = await randomLines();
    await randomTokens();
    const whole = periodOf(first, today, now);
    const raw = await programReport(database.db, { range: { from: first, to: today }, start: whole.start, end: whole.end, today, timeZone: NY, now }, { summed: false });
    expect(raw.points.earned * raw.points.spent * raw.points.expired * raw.points.outstanding, 'the random lines move every figure').toBeGreaterThan(0);
    await expectExact(now, 'before the first run');

    expect(await sumReportDays(database.db, POINTS_SUMS, now, NY), 'every ended day of the period').toBe(DAYS - 1);
    expect(await sumReportDays(database.db, TOKENS_SUMS, now, NY), 'every ended day of the period').toBe(DAYS - 1);
    for (const report of [POINTS_SUMS, TOKENS_SUMS]) expect((await summedPlan(database.db, report, whole, now)).summed).toMatchObject({ to: addLocalDays(today, -1), except: [] });
    await expectExact(now, 'after the first run');

    // Later writes through the program's modules (stamped by the server's clock), before the next run: a reward
    // spent from a member's old lines and one given back, an old pending line confirmed, an old confirmed one
    // voided, the lines whose date has come expired; and tokens issued.
    const later = new Date(now.getTime() + 30 * 60_000);
    const old = (state: string) => booked.find((b) => b.state === state && todayIn(NY, b.earnedAt) < addLocalDays(today, -3))!;
    const [pending, confirmed] = [old('pending'), old('confirmed')];
    await inTransaction((tx) => confirmTicketPoints(tx, pending.bookingUuid, 'all', later));
    await inTransaction((tx) => voidBookingPoints(tx, confirmed.bookingUuid, 'cancelled', later));
    const richest = (
      await rowsOf<{ userId: string }>(
        database.db,
        sql`select user_id as "userId" from member_points where state = 'confirmed' and expires_on > ${today} group by 1 order by sum(points - spent) desc limit 1`,
      )
    )[0]!.userId;
    const kept = await order(richest, today);
    const given = await order(richest, today);
    await inTransaction((tx) => spendPoints(tx, { userId: richest, rewardId: 'coffee', points: 20, orderId: kept.id }, later));
    await inTransaction((tx) => spendPoints(tx, { userId: richest, rewardId: 'coffee', points: 10, orderId: given.id }, later));
    await inTransaction((tx) => giveBackSpend(tx, given.id, 'cancelled', later));
    expect(await expirePoints(database.db, later), 'lines expire now').toBeGreaterThan(0);
    await database.db.execute(sql`update token_issues set status = 'issued', issued_at = ${serverNow()}, token_id = 'local-late' where status = 'pending'`);
    const stale = (await summedPlan(database.db, POINTS_SUMS, whole, later)).summed!.except;
    expect(stale, 'the earning days of the lines written are read from the lines').toContain(todayIn(NY, pending.earnedAt));
    expect(stale).toContain(todayIn(NY, confirmed.earnedAt));
    await expectExact(later, 'after later writes');

    // The next run, the next day: the changed days summed again, and still exact.
    const nextDay = new Date(now.getTime() + DAY + SETTLE_MS);
    await sumReportDays(database.db, POINTS_SUMS, nextDay, NY);
    await sumReportDays(database.db, TOKENS_SUMS, nextDay, NY);
    const next = periodOf(first, todayIn(NY, nextDay), nextDay);
    for (const report of [POINTS_SUMS, TOKENS_SUMS]) expect((await summedPlan(database.db, report, next, nextDay)).summed).toMatchObject({ to: today, except: [] });
    await expectExact(nextDay, 'after the next run');
    expect(await sumReportDays(database.db, POINTS_SUMS, new Date(nextDay.getTime() + 60_000), NY), 'an idle run sums nothing').toBe(0);
  });

  /** Each visit's previous and next visit dates as the member's visits say. */
  async function expectLinked() {
    const wrong = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (select previous_visit_date, next_visit_date, coalesce(lag(visit_date) over member, '') as previous, lead(visit_date) over member as next
          from member_visits window member as (partition by user_id order by visit_date)) v
          where previous_visit_date <> previous or next_visit_date is distinct from next`,
    );
    expect(wrong[0]!.n, `visits linked wrongly (seed ${seed})`).toBe(0);
  }

  it('counts visitors and repeat visitors as a count by member does, with visits counted and taken back in any order', async () => {
    const bookings: string[] = [];
    for (let i = 0; i < 150; i++) {
      const { bookingUuid } = await order(random.pick(members), addLocalDays(first, random.int(-10, DAYS - 1)));
      bookings.push(bookingUuid);
    }
    // Counted in random order (a visit lands between two, before the first, after the last); some twice.
    for (const bookingUuid of [...bookings].sort(() => random.next() - 0.5)) await inTransaction((tx) => countVisit(tx, bookingUuid, now));
    await expectLinked();
    for (const bookingUuid of bookings.filter(() => random.next() < 0.25)) await inTransaction((tx) => uncountVisit(tx, bookingUuid, now));
    await expectLinked();
    for (const bookingUuid of bookings.filter(() => random.next() < 0.2)) await inTransaction((tx) => countVisit(tx, bookingUuid, now));
    await expectLinked();

    for (const range of ranges(today)) {
      const [byMember] = await rowsOf<{ visitors: number; repeat: number }>(
        database.db,
        sql`select count(*)::int as visitors, (count(*) filter (where visits >= 2))::int as repeat
            from (select user_id, count(*) as visits from member_visits where visit_date >= ${range.from} and visit_date <= ${range.to} group by 1) m`,
      );
      const { start, end } = rangeInstants(range, NY);
      const { repeatVisits } = await programReport(database.db, { range, start, end, today, timeZone: NY, now });
      expect({ visitors: repeatVisits.visitors, repeat: repeatVisits.repeat }, `${range.from} to ${range.to} (seed ${seed})`).toEqual(byMember);
    }
  });
});
