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

const WEBSITE = sql.raw(`'${WEBSITE_RESELLER}'`);

/** The box office's channel (decision 0053): its orders are the website's orders sold at the counter. */
export const BOX_OFFICE_CHANNEL = 'box-office';
/** An order's channel in the report: the website's, or the box office's. */
const ORDER_CHANNEL = sql.raw(`case when o.channel = '${BOX_OFFICE_CHANNEL}' then '${BOX_OFFICE_CHANNEL}' else '${WEBSITE_RESELLER}' end`);
import { localDay, rowsOf } from '@/server/db/sql-rows';

export type SalesFigures = { bookings: number; tickets: number; gross: number; refunds: number; net: number };
export type SalesReport = {
  byDay: (SalesFigures & { date: string })[];
  byProduct: (SalesFigures & { productId: string })[];
  byChannel: (SalesFigures & { channel: string; kind: 'website' | 'box-office' | 'reseller' })[];
  totals: SalesFigures;
};

type Row = { key: string; bookings: number; tickets: number; gross: number; refunds: number };

export const NO_SALES: SalesFigures = { bookings: 0, tickets: 0, gross: 0, refunds: 0, net: 0 };

const figures = (row: Row | undefined): SalesFigures =>
  row ? { bookings: row.bookings, tickets: row.tickets, gross: row.gross, refunds: row.refunds, net: row.gross - row.refunds } : NO_SALES;

/** The website's payments confirmed in [start, end) (sales), each with the order it paid for: a booking's own
 * payment, or a change's (through the change). Two joins on unique keys rather than one join on either key:
 * over a year of orders, a join on an OR of two conditions cannot hash and ran in quadratic time. */
function websiteSales(within: (column: SQL) => SQL) {
  const tickets = sql.raw(`(select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(o.lines) l)`);
  return sql`
    select p.confirmed_at as at, ${ORDER_CHANNEL}::text as channel, o.product_id, 1 as bookings, ${tickets} as tickets, p.amount as gross, 0 as refunds
    from payments p join orders o on o.payment_id = p.id
    where p.purpose = 'order' and p.state = 'confirmed' and ${within(sql.raw('p.confirmed_at'))}
    union all
    select p.confirmed_at, ${ORDER_CHANNEL}::text, o.product_id, 0, 0, p.amount, 0
    from payments p join booking_changes c on c.payment_id = p.id join orders o on o.id = c.order_id
    where p.purpose = 'change' and p.state = 'confirmed' and ${within(sql.raw('p.confirmed_at'))}`;
}

/** Refunds granted in [start, end) of payments that were sales (confirmed), with the product of the order paid for. */
function websiteRefunds(within: (column: SQL) => SQL) {
  return sql`
    select r.created_at, paid.channel, paid.product_id, 0, 0, 0, r.amount
    from refunds r join payments p on p.id = r.payment_id and p.state = 'confirmed'
    cross join lateral (
      select o.product_id, ${ORDER_CHANNEL}::text as channel from orders o where p.purpose = 'order' and o.payment_id = p.id
      union all
      select o.product_id, ${ORDER_CHANNEL}::text from booking_changes c join orders o on o.id = c.order_id where p.purpose = 'change' and c.payment_id = p.id
    ) paid
    where ${within(sql.raw('r.created_at'))}`;
}

/** Every sale and refund in [start, end) as one ledger: when, which channel and product, and the money. The
 * website's channel is written into the SQL (not a parameter), so that the resellers' partial index of
 * bookings (bookings_reseller_confirmed_idx) applies. */
function ledger(start: Date, end: Date) {
  const within = (column: SQL) => sql`${column} >= ${start} and ${column} < ${end}`;
  return sql`
    ${websiteSales(within)}
    union all
    ${websiteRefunds(within)}
    union all
    select b.confirmed_at, b.reseller_id, b.product_id, 1, b.unit_count, b.total, 0
    from bookings b where b.reseller_id <> ${WEBSITE} and ${within(sql.raw('b.confirmed_at'))}
    union all
    select b.cancelled_at, b.reseller_id, b.product_id, 0, 0, 0, b.total
    from bookings b where b.reseller_id <> ${WEBSITE} and b.confirmed_at is not null and b.status = 'CANCELLED' and ${within(sql.raw('b.cancelled_at'))}`;
}

type GroupedRow = Row & { dimension: 'day' | 'product' | 'channel' };

const channelKind = (key: string) => (key === WEBSITE_RESELLER ? ('website' as const) : key === BOX_OFFICE_CHANNEL ? ('box-office' as const) : ('reseller' as const));
const CHANNEL_ORDER = { website: 0, 'box-office': 1, reseller: 2 } as const;

/** The ledger summed by day, by product and by channel in one pass (grouping sets): the ledger of a year is
 * read once, not three times. */
async function grouped(db: Database, start: Date, end: Date, timeZone: string): Promise<GroupedRow[]> {
  return rowsOf<GroupedRow>(
    db,
    sql`select case when grouping(day) = 0 then 'day' when grouping(product_id) = 0 then 'product' else 'channel' end as dimension,
          coalesce(day, product_id, channel) as key, sum(bookings)::int as bookings, sum(tickets)::int as tickets,
          sum(gross)::float8 as gross, sum(refunds)::float8 as refunds
        from (select ${localDay(sql.raw('at'), timeZone)} as day, * from (${ledger(start, end)}) entries) ledger
        group by grouping sets ((day), (product_id), (channel)) order by 1, 2`,
  );
}

/** `days`: every local date of the period, so that days without sales show as zero. */
export async function salesReport(db: Database, period: { start: Date; end: Date; days: string[]; timeZone: string }): Promise<SalesReport> {
  const { start, end } = period;
  const rows = await grouped(db, start, end, period.timeZone);
  const of = (dimension: GroupedRow['dimension']) => rows.filter((r) => r.dimension === dimension);
  const [days, products, channels] = [of('day'), of('product'), of('channel')];
  const dayOf = new Map(days.map((d) => [d.key, d]));
  const byDay = period.days.map((date) => ({ date, ...figures(dayOf.get(date)) }));
  const totals = byDay.reduce(
    (sum, d) => ({ bookings: sum.bookings + d.bookings, tickets: sum.tickets + d.tickets, gross: sum.gross + d.gross, refunds: sum.refunds + d.refunds, net: sum.net + d.net }),
    NO_SALES,
  );
  return {
    byDay,
    byProduct: products.map((p) => ({ productId: p.key, ...figures(p) })),
    // The website first, the box office next, then the resellers by name.
    byChannel: channels.map((c) => ({ channel: c.key, kind: channelKind(c.key), ...figures(c) })).sort((a, b) => CHANNEL_ORDER[a.kind] - CHANNEL_ORDER[b.kind] || a.channel.localeCompare(b.channel)),
    totals,
  };
}
