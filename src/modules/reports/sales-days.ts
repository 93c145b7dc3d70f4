// The sales report's days summed ahead into `sales_days` (decision 0057, summed-days.ts): by local date,
// channel and product, from the ledger (sales-ledger.ts). A summed day changes afterwards when an order's
// tickets are replaced by a change (its own payment's day counts its tickets) or a reseller's booking is
// amended after it was confirmed (its confirmation's day counts its tickets and total: `amended_at`). A
// redemption at the gate changes no sales, so it leaves the summed days summed (it stamps `updated_at` only).
import { sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { localDay, rowsOf } from '@/server/db/sql-rows';
import { WEBSITE_RESELLER } from '../resellers/reseller-keys';
import { salesLedger } from './sales-ledger';
import { spansOf, summedPlan, sumReportDays, type SummedReport } from './summed-days';

const WEBSITE = sql.raw(`'${WEBSITE_RESELLER}'`);

export const SALES_SUMS: SummedReport = {
  id: 'sales',
  changedDays: async (db, since, timeZone) => {
    // One select per stamp, each read from its own index (an OR of two stamps is not).
    const rows = await rowsOf<{ day: string }>(
      db,
      sql`select ${localDay(sql.raw('p.confirmed_at'), timeZone)} as day
          from orders o join payments p on p.id = o.payment_id
          where p.state = 'confirmed' and o.id in (
            select c.order_id from booking_changes c where c.created_at >= ${since}
            union all
            select c.order_id from payments cp join booking_changes c on c.payment_id = cp.id where cp.confirmed_at >= ${since})
          union
          select ${localDay(sql.raw('b.confirmed_at'), timeZone)} from bookings b
          where b.reseller_id <> ${WEBSITE} and b.amended_at >= ${since} and b.confirmed_at is not null
          union
          select ${localDay(sql.raw('b.confirmed_at'), timeZone)} from bookings b
          where b.reseller_id <> ${WEBSITE} and b.confirmed_at >= ${since}
          union
          select ${localDay(sql.raw('b.cancelled_at'), timeZone)} from bookings b
          where b.reseller_id <> ${WEBSITE} and b.cancelled_at >= ${since}`,
    );
    return rows.map((r) => r.day);
  },
  sumDays: async (db, days, timeZone) => {
    if (!days.length) return;
    await db.execute(sql`delete from sales_days where date in (${sql.join(days.map((d) => sql`${d}`), sql`, `)})`);
    await db.execute(sql`
      insert into sales_days (date, channel, product_id, bookings, tickets, gross, refunds)
      select ${localDay(sql.raw('at'), timeZone)}, channel, product_id, sum(bookings), sum(tickets), sum(gross), sum(refunds)
      from (${salesLedger(spansOf(days, timeZone))}) entries group by 1, 2, 3`);
  },
  firstDay: async (db, timeZone) => {
    const [first] = await rowsOf<{ day: string | null }>(
      db,
      sql`select ${localDay(
        sql`least((select min(confirmed_at) from payments where state = 'confirmed'), (select min(created_at) from refunds),
          (select min(confirmed_at) from bookings where reseller_id <> ${WEBSITE}))`,
        timeZone,
      )} as day`,
    );
    return first?.day ?? undefined;
  },
  clear: async (db) => {
    await db.execute(sql`delete from sales_days`);
  },
};

export const salesDaysPlan = (db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string }, now: Date) => summedPlan(db, SALES_SUMS, period, now);

export const sumSalesDays = (db: Database, now: Date, timeZone = TIME_ZONE) => sumReportDays(db, SALES_SUMS, now, timeZone);
