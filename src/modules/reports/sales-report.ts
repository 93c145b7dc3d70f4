// Sales and revenue of a period, by day, by product and by channel, aggregated in the database.
// Definitions (decision 0021):
// - A sale counts on the day it was confirmed (paid), in the attraction's time zone, not on its visit day.
// - The website's sales are its orders; a reseller's are its bookings at our local supplier (the
//   `website` bookings there are the orders' own, so they are not counted twice).
// - The website's money comes from the payments ledger alone (decision 0028): gross is what its payments
//   took (a booking's own payment on the day it was confirmed, the difference of a costlier change on the
//   day it was paid); refunds are the ledger's refunds of those payments, on the day they were granted (a
//   change to a lower total, a cancellation). A payment refunded whole because it could not be delivered (a
//   payment after its hold ran out) was never a sale: neither it nor its refund counts.
// - A reseller's money is not ours to take (it is billed by its bookings at our local supplier): its sales
//   are its confirmed bookings; one cancelled after it was confirmed gives back its whole total (the
//   reseller refunds its customer and is not billed). Net = gross - refunds, so a day can be negative.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { WEBSITE_RESELLER } from '../resellers/reseller-keys';
import { localDay, rowsOf } from '@/server/db/sql-rows';

export type SalesFigures = { bookings: number; tickets: number; gross: number; refunds: number; net: number };
export type SalesReport = {
  byDay: (SalesFigures & { date: string })[];
  byProduct: (SalesFigures & { productId: string })[];
  byChannel: (SalesFigures & { channel: string; kind: 'website' | 'reseller' })[];
  totals: SalesFigures;
};

type Row = { key: string; bookings: number; tickets: number; gross: number; refunds: number };

export const NO_SALES: SalesFigures = { bookings: 0, tickets: 0, gross: 0, refunds: 0, net: 0 };

const figures = (row: Row | undefined): SalesFigures =>
  row ? { bookings: row.bookings, tickets: row.tickets, gross: row.gross, refunds: row.refunds, net: row.gross - row.refunds } : NO_SALES;

/** The website's payments that were sales (confirmed), with the order each one paid for. */
const SALES_PAYMENTS = sql`
  select p.id, p.purpose, p.amount, p.confirmed_at, o.product_id, o.lines
  from payments p
  join orders o on (p.purpose = 'order' and o.payment_id = p.id)
    or (p.purpose = 'change' and o.id = (select c.order_id from booking_changes c where c.payment_id = p.id))
  where p.state = 'confirmed'`;

/** Every sale and refund in [start, end) as one ledger: when, which channel and product, and the money. */
function ledger(start: Date, end: Date) {
  const within = (column: SQL) => sql`${column} >= ${start} and ${column} < ${end}`;
  return sql`
    with sales as (${SALES_PAYMENTS})
    select s.confirmed_at as at, ${WEBSITE_RESELLER}::text as channel, s.product_id, (s.purpose = 'order')::int as bookings,
      case when s.purpose = 'order' then (select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(s.lines) l) else 0 end as tickets,
      s.amount as gross, 0 as refunds
    from sales s where ${within(sql.raw('s.confirmed_at'))}
    union all
    select r.created_at, ${WEBSITE_RESELLER}::text, s.product_id, 0, 0, 0, r.amount
    from refunds r join sales s on s.id = r.payment_id where ${within(sql.raw('r.created_at'))}
    union all
    select b.confirmed_at, b.reseller_id, b.product_id, 1, b.unit_count, b.total, 0
    from bookings b where b.reseller_id <> ${WEBSITE_RESELLER} and ${within(sql.raw('b.confirmed_at'))}
    union all
    select b.cancelled_at, b.reseller_id, b.product_id, 0, 0, 0, b.total
    from bookings b where b.reseller_id <> ${WEBSITE_RESELLER} and b.confirmed_at is not null and b.status = 'CANCELLED' and ${within(sql.raw('b.cancelled_at'))}`;
}

async function grouped(db: Database, start: Date, end: Date, key: SQL): Promise<Row[]> {
  return rowsOf<Row>(
    db,
    sql`select ${key} as key, sum(bookings)::int as bookings, sum(tickets)::int as tickets,
          sum(gross)::float8 as gross, sum(refunds)::float8 as refunds
        from (${ledger(start, end)}) ledger group by 1 order by 1`,
  );
}

/** `days`: every local date of the period, so that days without sales show as zero. */
export async function salesReport(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string }): Promise<SalesReport> {
  const { start, end } = period;
  const [days, products, channels] = await Promise.all([
    grouped(db, start, end, localDay(sql.raw('at'), period.timeZone)),
    grouped(db, start, end, sql.raw('product_id')),
    grouped(db, start, end, sql.raw('channel')),
  ]);
  const dayOf = new Map(days.map((d) => [d.key, d]));
  const byDay = period.days.map((date) => ({ date, ...figures(dayOf.get(date)) }));
  const totals = byDay.reduce(
    (sum, d) => ({ bookings: sum.bookings + d.bookings, tickets: sum.tickets + d.tickets, gross: sum.gross + d.gross, refunds: sum.refunds + d.refunds, net: sum.net + d.net }),
    NO_SALES,
  );
  return {
    byDay,
    byProduct: products.map((p) => ({ productId: p.key, ...figures(p) })),
    // The website first, then the resellers by name.
    byChannel: channels.map((c) => ({ channel: c.key, kind: c.key === WEBSITE_RESELLER ? ('website' as const) : ('reseller' as const), ...figures(c) })).sort((a, b) => Number(b.channel === WEBSITE_RESELLER) - Number(a.channel === WEBSITE_RESELLER) || a.channel.localeCompare(b.channel)),
    totals,
  };
}
