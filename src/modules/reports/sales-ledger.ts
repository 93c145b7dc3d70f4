// The sales report's ledger (definitions: decision 0021, in sales-report.ts): every sale and refund of some
// spans of time as rows of (when, channel, product, bookings, tickets, gross, refunds). Read by the report
// for the days not summed yet, and by the recurring job that sums ended days into `sales_days` (decision 0057),
// so both count alike.
import { sql, type SQL } from 'drizzle-orm';
import { WEBSITE_RESELLER } from '../resellers/reseller-keys';

const WEBSITE = sql.raw(`'${WEBSITE_RESELLER}'`);

/** The box office's channel (decision 0053): its orders are the website's orders sold at the counter. */
export const BOX_OFFICE_CHANNEL = 'box-office';
/** An order's channel in the report: the website's, or the box office's. */
const ORDER_CHANNEL = sql.raw(`case when o.channel = '${BOX_OFFICE_CHANNEL}' then '${BOX_OFFICE_CHANNEL}' else '${WEBSITE_RESELLER}' end`);

/** A span of time: from `start` (included) to `end` (excluded). */
export type Span = { start: Date; end: Date };

/** The column within any of the spans (none: nothing). */
export function within(spans: Span[]) {
  return (column: SQL) => (spans.length ? sql`(${sql.join(spans.map((s) => sql`(${column} >= ${s.start} and ${column} < ${s.end})`), sql` or `)})` : sql`false`);
}

/** `select` once per span, the results joined by union all: each span is then one range scan of an index. An OR
 * of spans in one select is not: the planner walks a year's index or its rows instead (on the seeded year,
 * one span of points lines read in 29 ms, two ORed in 1,150 ms; decision 0064). */
export function perSpan(spans: Span[], select: (inSpan: (column: SQL) => SQL) => SQL): SQL {
  if (!spans.length) return select(within([]));
  return sql.join(spans.map((span) => sql`(${select(within([span]))})`), sql` union all `);
}

/** The website's payments confirmed in the spans (sales), each with the order it paid for: a booking's own
 * payment, or a change's (through the change). Two joins on unique keys rather than one join on either key:
 * over a year of orders, a join on an OR of two conditions cannot hash and ran in quadratic time. */
function websiteSales(inSpans: (column: SQL) => SQL) {
  const tickets = sql.raw(`(select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(o.lines) l)`);
  return sql`
    select p.confirmed_at as at, ${ORDER_CHANNEL}::text as channel, o.product_id, 1 as bookings, ${tickets} as tickets, p.amount + o.gift_card_cents as gross, 0 as refunds
    from payments p join orders o on o.payment_id = p.id
    where p.purpose = 'order' and p.state = 'confirmed' and ${inSpans(sql.raw('p.confirmed_at'))}
    union all
    select p.confirmed_at, ${ORDER_CHANNEL}::text, o.product_id, 0, 0, p.amount, 0
    from payments p join booking_changes c on c.payment_id = p.id join orders o on o.id = c.order_id
    where p.purpose = 'change' and p.state = 'confirmed' and ${inSpans(sql.raw('p.confirmed_at'))}`;
}

/** Refunds granted in the spans of payments that were sales (confirmed), with the product of the order paid for. */
function websiteRefunds(inSpans: (column: SQL) => SQL) {
  return sql`
    select r.created_at, paid.channel, paid.product_id, 0, 0, 0, r.amount
    from refunds r join payments p on p.id = r.payment_id and p.state = 'confirmed'
    cross join lateral (
      select o.product_id, ${ORDER_CHANNEL}::text as channel from orders o where p.purpose = 'order' and o.payment_id = p.id
      union all
      select o.product_id, ${ORDER_CHANNEL}::text from booking_changes c join orders o on o.id = c.order_id where p.purpose = 'change' and c.payment_id = p.id
    ) paid
    where ${inSpans(sql.raw('r.created_at'))}
    union all
    ${giftCardRefunds(inSpans)}`;
}

/** What went back in the spans onto the gift cards that paid part of an order that was a sale (a hold that
 * ran out unpaid gives its card back too, but its order was never a sale). Decision 0052. Only an order a card
 * paid part of has a card to give back to (its `gift_card_cents` is set once, with the card's line): saying so
 * lets the join start from those few orders (orders_gift_card_idx) rather than plan a scan of every order by
 * its id as text (decision 0064). */
export function giftCardRefunds(inSpans: (column: SQL) => SQL) {
  return sql`
    select l.at, ${ORDER_CHANNEL}::text, o.product_id, 0, 0, 0, l.amount
    from gift_card_lines l join orders o on o.id::text = l.reference and o.gift_card_cents > 0 join payments p on p.id = o.payment_id and p.state = 'confirmed'
    where l.kind = 'refunded' and ${inSpans(sql.raw('l.at'))}`;
}

/** Every sale and refund in the spans as one ledger: when (`at`), which channel and product, and the money.
 * The website's channel is written into the SQL (not a parameter), so that the resellers' partial indexes of
 * bookings (bookings_reseller_confirmed_idx, bookings_reseller_cancelled_idx) apply. */
export function salesLedger(spans: Span[]): SQL {
  return perSpan(spans, (inSpans) => sql`
    ${websiteSales(inSpans)}
    union all
    ${websiteRefunds(inSpans)}
    union all
    select b.confirmed_at, b.reseller_id, b.product_id, 1, b.unit_count, b.total, 0
    from bookings b where b.reseller_id <> ${WEBSITE} and ${inSpans(sql.raw('b.confirmed_at'))}
    union all
    select b.cancelled_at, b.reseller_id, b.product_id, 0, 0, 0, b.total
    from bookings b where b.reseller_id <> ${WEBSITE} and b.confirmed_at is not null and b.status = 'CANCELLED' and ${inSpans(sql.raw('b.cancelled_at'))}`);
}
