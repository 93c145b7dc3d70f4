-- The year's slow reads as the code ran them before decision 0048, for EXPLAIN (ANALYZE) on the year's
-- database (the indexes the decision added are dropped inside a transaction that is rolled back):
--   psql -h 127.0.0.1 -U postgres skypass_year -f bench/year/before-plans.sql
set statement_timeout = '90s';
select (date_trunc('day', min(slot_start) at time zone 'America/New_York') at time zone 'America/New_York') as start,
  ((date_trunc('day', now() at time zone 'America/New_York') + interval '1 day') at time zone 'America/New_York') as end,
  to_char((now() - interval '1 day') at time zone 'America/New_York', 'YYYY-MM-DD') as day
from bookings \gset
begin;
drop index bookings_slot_start_idx, bookings_reseller_confirmed_idx, booking_unit_items_reference_idx, orders_replaced_tickets_idx;

\echo '### sales report, by day (one of three such queries; the same ledger grouped by product and by channel)'
explain (analyze, costs off)
select to_char(at at time zone 'America/New_York', 'YYYY-MM-DD') as key, sum(bookings)::int, sum(tickets)::int, sum(gross)::float8, sum(refunds)::float8
from (
  with sales as (
    select p.id, p.purpose, p.amount, p.confirmed_at, o.product_id, o.lines
    from payments p
    join orders o on (p.purpose = 'order' and o.payment_id = p.id)
      or (p.purpose = 'change' and o.id = (select c.order_id from booking_changes c where c.payment_id = p.id))
    where p.state = 'confirmed')
  select s.confirmed_at as at, 'website'::text as channel, s.product_id, (s.purpose = 'order')::int as bookings,
    case when s.purpose = 'order' then (select coalesce(sum((l->>'quantity')::int), 0) from jsonb_array_elements(s.lines) l) else 0 end as tickets,
    s.amount as gross, 0 as refunds
  from sales s where s.confirmed_at >= :'start' and s.confirmed_at < :'end'
  union all
  select r.created_at, 'website'::text, s.product_id, 0, 0, 0, r.amount
  from refunds r join sales s on s.id = r.payment_id where r.created_at >= :'start' and r.created_at < :'end'
  union all
  select b.confirmed_at, b.reseller_id, b.product_id, 1, b.unit_count, b.total, 0
  from bookings b where b.reseller_id <> 'website' and b.confirmed_at >= :'start' and b.confirmed_at < :'end'
  union all
  select b.cancelled_at, b.reseller_id, b.product_id, 0, 0, 0, b.total
  from bookings b where b.reseller_id <> 'website' and b.confirmed_at is not null and b.status = 'CANCELLED' and b.cancelled_at >= :'start' and b.cancelled_at < :'end'
) ledger group by 1 order by 1;

\echo '### visits report'
explain (analyze, costs off)
select day as date, sum(unit_count)::int as tickets, sum(admitted)::int as admitted,
  sum(case when slot_end <= now() then greatest(unit_count - admitted, 0) else 0 end)::int as "noShows",
  sum(case when slot_end > now() then greatest(unit_count - admitted, 0) else 0 end)::int as expected
from (
  select to_char(b.slot_start at time zone 'America/New_York', 'YYYY-MM-DD') as day, b.unit_count, b.slot_end,
    coalesce(nullif((select count(*) from ticket_redemptions tr where tr.booking_uuid = b.uuid and tr.undone_at is null), 0),
      case when b.status = 'REDEEMED' then b.unit_count else 0 end) as admitted
  from bookings b
  where b.status in ('CONFIRMED', 'REDEEMED') and b.slot_start >= :'start' and b.slot_start < :'end'
  union all
  select to_char(o.slot_start at time zone 'America/New_York', 'YYYY-MM-DD'), o.unit_count, o.slot_start,
    (select count(*) from ticket_redemptions tr where tr.booking_uuid = o.booking_uuid and tr.undone_at is null)
  from (
    select booking_uuid,
      case when availability_id ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$' then availability_id::timestamptz end as slot_start,
      jsonb_array_length(coalesce(tickets, '[]'::jsonb)) as unit_count
    from orders where status = 'CONFIRMED' and not exists (select 1 from bookings b2 where b2.uuid = orders.booking_uuid)
  ) o
  where o.slot_start >= :'start' and o.slot_start < :'end'
) visits group by day;

\echo '### today: the day''s counts per slot'
explain (analyze, costs off)
select option_id, availability_id, coalesce(sum(unit_count) filter (where status in ('CONFIRMED', 'REDEEMED')), 0)::int as sold
from bookings where availability_id like :'day' || 'T%' group by option_id, availability_id;

\echo '### booking search by e-mail'
explain (analyze, costs off)
select b.id, b.supplier_reference, m.first_name, u.email from bookings b
left join orders o on o.booking_uuid = b.uuid left join users u on u.id = o.user_id left join memberships m on m.user_id = u.id
where (u.email ilike '%member4242@year.example%' or b.contact->>'emailAddress' ilike '%member4242@year.example%') and b.status <> 'ON_HOLD'
order by b.created_at desc limit 50;

\echo '### gate: the booking of a ticket reference'
explain (analyze, costs off)
select b.id from booking_unit_items i join bookings b on b.id = i.booking_id
where i.supplier_reference = (select supplier_reference from booking_unit_items where booking_id = (select id from bookings order by slot_start desc limit 1) limit 1);

\echo '### gate: the changed booking of an old ticket'
explain (analyze, costs off)
select booking_uuid from orders where replaced_tickets @> jsonb_build_array(jsonb_build_object('reference', 'TKT-00000000')) limit 1;
rollback;
