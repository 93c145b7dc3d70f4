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
// - Gift cards (decision 0052): a card is revenue when it pays for a visit, never at its sale (the sale is a
//   liability, the gift card figures of the reports). So an order's gross is what its payment took plus what
//   a card paid of it (`orders.gift_card_cents`), and what went back onto that card when it was cancelled
//   (its `refunded` lines for the order) is a refund on that day. A refund a manager put onto a new gift
//   card is a refund of the ledger like any other: the new card is a liability until it pays for a visit.
// - Ended days are summed ahead by a recurring job (sales_days, decision 0057); the report adds up those sums
//   and reads the ledger (sales-ledger.ts) for the rest: the same figures, a year in well under a second.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { serverNow } from '@/server/clock';
import { localDay, rowsOf } from '@/server/db/sql-rows';
import { WEBSITE_RESELLER } from '../resellers/reseller-keys';
import { salesDaysPlan } from './sales-days';
import { summedDates, type SummedPlan } from './summed-days';
import { BOX_OFFICE_CHANNEL, giftCardRefunds, salesLedger, within } from './sales-ledger';
import { addonReport, type AddonFigures } from './addon-report';

export { BOX_OFFICE_CHANNEL };

export type SalesFigures = { bookings: number; tickets: number; gross: number; refunds: number; net: number };
export type SalesReport = {
  byDay: (SalesFigures & { date: string })[];
  byProduct: (SalesFigures & { productId: string })[];
  byChannel: (SalesFigures & { channel: string; kind: 'website' | 'box-office' | 'reseller' })[];
  totals: SalesFigures;
  /** Of the net, what gift cards paid (decision 0052). */
  paidByGiftCards: number;
  /** Annual passes (decision 0051): purchases and renewals whose payment was confirmed in the period, and
   * what they took. Not ticket revenue (the visits they book are paid 0), so not in the totals above. */
  passes: { sold: number; renewed: number; revenue: number };
  /** Add-ons sold (in gross), their revenue and how many were handed out (decision 0050). */
  addons: AddonFigures[];
};

type Row = { key: string; bookings: number; tickets: number; gross: number; refunds: number };

export const NO_SALES: SalesFigures = { bookings: 0, tickets: 0, gross: 0, refunds: 0, net: 0 };

const figures = (row: Row | undefined): SalesFigures =>
  row ? { bookings: row.bookings, tickets: row.tickets, gross: row.gross, refunds: row.refunds, net: row.gross - row.refunds } : NO_SALES;

/** The part of the website's sales in [start, end) that gift cards paid, less what went back onto them. */
async function paidByGiftCards(db: Database, start: Date, end: Date): Promise<number> {
  const inSpan = within([{ start, end }]);
  const [row] = await rowsOf<{ cents: number }>(
    db,
    sql`select (coalesce((select sum(o.gift_card_cents) from payments p join orders o on o.payment_id = p.id
                 where p.purpose = 'order' and p.state = 'confirmed' and o.gift_card_cents > 0 and ${inSpan(sql.raw('p.confirmed_at'))}), 0)
              - coalesce((select sum(amount) from (${giftCardRefunds(inSpan)}) r(at, channel, product_id, bookings, tickets, gross, amount)), 0))::float8 as cents`,
  );
  return row?.cents ?? 0;
}

type GroupedRow = Row & { dimension: 'day' | 'product' | 'channel' };

const channelKind = (key: string) => (key === WEBSITE_RESELLER ? ('website' as const) : key === BOX_OFFICE_CHANNEL ? ('box-office' as const) : ('reseller' as const));
const CHANNEL_ORDER = { website: 0, 'box-office': 1, reseller: 2 } as const;

/** The summed days of the plan and its spans of the ledger, by local date, channel and product. */
function entries(plan: SummedPlan, timeZone: string) {
  const parts: SQL[] = [];
  if (plan.summed) {
    parts.push(sql`select date as day, channel, product_id, bookings, tickets, gross, refunds from sales_days where ${summedDates(plan.summed)}`);
  }
  if (plan.rows.length)
    parts.push(sql`select ${localDay(sql.raw('at'), timeZone)} as day, channel, product_id, bookings, tickets, gross, refunds from (${salesLedger(plan.rows)}) ledger`);
  return sql.join(parts, sql` union all `);
}

/** The entries summed by day, by product and by channel in one pass (grouping sets). */
async function grouped(db: Database, plan: SummedPlan, timeZone: string): Promise<GroupedRow[]> {
  if (!plan.summed && !plan.rows.length) return [];
  return rowsOf<GroupedRow>(
    db,
    sql`select case when grouping(day) = 0 then 'day' when grouping(product_id) = 0 then 'product' else 'channel' end as dimension,
          coalesce(day, product_id, channel) as key, sum(bookings)::int as bookings, sum(tickets)::int as tickets,
          sum(gross)::float8 as gross, sum(refunds)::float8 as refunds
        from (${entries(plan, timeZone)}) entries
        group by grouping sets ((day), (product_id), (channel)) order by 1, 2`,
  );
}

async function passSales(db: Database, start: Date, end: Date): Promise<SalesReport['passes']> {
  const [row] = await rowsOf<{ sold: number; renewed: number; revenue: number }>(
    db,
    sql`select count(*) filter (where pp.kind = 'purchase')::int as sold, count(*) filter (where pp.kind = 'renewal')::int as renewed,
          coalesce(sum(p.amount), 0)::float8 as revenue
        from pass_payments pp join payments p on p.id = pp.payment_id
        where p.purpose = 'annual_pass' and p.state = 'confirmed' and p.confirmed_at >= ${start} and p.confirmed_at < ${end}`,
  );
  return row ?? { sold: 0, renewed: 0, revenue: 0 };
}

/** `days`: every local date of the period, so that days without sales show as zero. `summed: false` reads the
 * ledger alone (what the sums must equal: tests/integration/summed-days.test.ts). */
export async function salesReport(
  db: Database,
  period: { start: Date; end: Date; days: string[]; timeZone: string; now?: Date },
  options: { summed?: boolean } = {},
): Promise<SalesReport> {
  const plan = options.summed === false ? { rows: [{ start: period.start, end: period.end }] } : await salesDaysPlan(db, period, period.now ?? serverNow());
  const [rows, byGiftCards, passes, addons] = await Promise.all([
    grouped(db, plan, period.timeZone),
    paidByGiftCards(db, period.start, period.end),
    passSales(db, period.start, period.end),
    addonReport(db, { start: period.start, end: period.end }),
  ]);
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
    // The website first, then the box office, then the resellers by name.
    byChannel: channels.map((c) => ({ channel: c.key, kind: channelKind(c.key), ...figures(c) })).sort((a, b) => CHANNEL_ORDER[a.kind] - CHANNEL_ORDER[b.kind] || a.channel.localeCompare(b.channel)),
    totals,
    paidByGiftCards: byGiftCards,
    passes,
    addons,
  };
}
