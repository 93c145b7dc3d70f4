// A busy deck's whole year in PostgreSQL (issue #26): members, orders, bookings and tickets over 365 days
// of every slot of the catalogue, resellers' bookings, admissions at the gate, changes, cancellations with
// their refunds, the ledger's payments, the waitlist, tokens, and the program's visits, tiers and points.
//   npx tsx bench/year/seed.mjs [--tickets=3650000] [--members=150000] [--database=skypass_year] [--months=13]
//   npx tsx bench/year/seed.mjs --finish     (the last steps, on a database whose seed was stopped part-way)
// Set-based SQL (INSERT ... SELECT over generate_series), one batch per month of visit days; prints the
// time and the database's size. The database is dropped and made again, migrated and its catalogue seeded
// as the app's openDatabase does. Decision 0048 says what the data holds and what it leaves out.
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '@/server/db/schema';
import { seed } from '@/server/db/seed';
import { YEAR, yearDatabaseUrl, option } from './year-options.mjs';

const TICKETS = Number(option('tickets', 3_650_000));
/** How many months of visit days to seed (the year spans 13 calendar months); fewer for a shorter year. */
const MONTHS = Number(option('months', 13));
const FINISH_ONLY = process.argv.includes('--finish');
const MEMBERS = Number(option('members', 150_000));
const DAYS = 365;
/** Visit days: the last 349 days, today and the next 15 (a busy deck is sold out two weeks ahead). */
const PAST_DAYS = 349;
/** The member whose profile is measured: 50 visits, one every 6th past day. */
const HEAVY_VISITS = 50;
const VISITORS_PER_DAY = TICKETS / DAYS;

const adminUrl = `${process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432'}/postgres`;
const url = yearDatabaseUrl();
const started = performance.now();
const step = (label) => console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  ${label}`);

if (!FINISH_ONLY) await seedMonths();
await finish();

async function seedMonths() {
// A fresh database, migrated and its catalogue seeded by the app itself.
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`drop database if exists ${YEAR.database}`);
await admin.query(`create database ${YEAR.database}`);
await admin.end();
// What openDatabase does (tsx cannot load its lazy imports): the migrations, then the catalogue's seed.
const pool = new pg.Pool({ connectionString: url, max: 2 });
const app = drizzle({ client: pool, schema });
await migrate(app, { migrationsFolder: 'drizzle' });
await seed(app);
await pool.end();
step('migrated and catalogue seeded (the app’s migrations and seed)');

const client = await connect();
const q = (text) => client.query(text);
// Secondary indexes are built once at the end (much faster than row by row); keys and unique ones stay.
await q(`create table year_seed_indexes as select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
  from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
  where n.nspname = 'public' and not i.indisunique and not i.indisprimary`);
for (const { name } of (await q(`select name from year_seed_indexes`)).rows) await q(`drop index ${name}`);
// The places taken per slot are counted once at the end (finish), not row by row by their trigger (decision 0067).
await q(`alter table bookings disable trigger bookings_count_taken`);
await q(`select setseed(0.26)`);

// --- helpers, dropped at the end ---
await q(`
  -- Plain expressions (no FROM), so that PostgreSQL inlines them: they run for every ticket several times.
  create or replace function year_base32(n bigint, len int) returns text language sql immutable as $$
    select right(
      substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> 35) & 31)::int + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> 30) & 31)::int + 1, 1) ||
      substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> 25) & 31)::int + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> 20) & 31)::int + 1, 1) ||
      substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> 15) & 31)::int + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> 10) & 31)::int + 1, 1) ||
      substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((n >> 5) & 31)::int + 1, 1) || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (n & 31)::int + 1, 1), len) $$;
  -- Sequential numbers as references that look random: an odd multiplier is a bijection modulo 2^bits
  -- (small enough that n * it stays within a bigint for n < 2^40).
  create or replace function year_ref(prefix text, n bigint, len int) returns text language sql immutable as $$
    select prefix || '-' || year_base32(((n * 5000011 + 12345) % (1::bigint << (5 * len))), len) $$;
  create or replace function year_uuid(kind text, n bigint) returns uuid language sql immutable as $$ select md5(kind || n)::uuid $$;
  create or replace function year_local_id(t timestamptz) returns text language sql stable as $$
    select to_char(t at time zone 'America/New_York', 'YYYY-MM-DD"T"HH24:MI:SS')
      || case when (t at time zone 'America/New_York') < (t at time zone 'UTC') then '-' else '+' end
      || to_char(abs(extract(epoch from (t at time zone 'America/New_York') - (t at time zone 'UTC')) / 3600), 'FM00') || ':00' $$;
`);

// --- the year: days, slots and their capacity ---
const { rows: [{ today }] } = await q(`select to_char(now() at time zone 'America/New_York', 'YYYY-MM-DD') as today`);
await q(`
  create unlogged table year_days as
  select d::date as day, (d::date - '${today}'::date) as offset_days
  from generate_series('${today}'::date - ${PAST_DAYS}, '${today}'::date + ${DAYS - PAST_DAYS - 1}, interval '1 day') d
  where to_char(d, 'YYYY-MM-DD') not in (select local_date from closed_dates);
  alter table year_days add column heavy boolean not null default false;
  update year_days y set heavy = true from (
    select day, row_number() over (order by day desc) as rn from year_days where offset_days < 0
  ) p where p.day = y.day and p.rn % 6 = 0 and p.rn <= ${HEAVY_VISITS * 6};
  create unlogged table year_slots as
  select y.day, y.offset_days, y.heavy as heavy_day, o.product_id, o.id as option_id, o.capacity, o.max_units,
    ((y.day + st::time) at time zone 'America/New_York') as slot_start,
    ((y.day + st::time) at time zone 'America/New_York') + make_interval(mins => o.duration_minutes) as slot_end
  from year_days y cross join product_options o cross join lateral jsonb_array_elements_text(o.start_times) st
  where o.weekdays is null or o.weekdays @> to_jsonb(extract(dow from y.day)::int);
  alter table year_slots add column availability_id text;
  update year_slots set availability_id = year_local_id(slot_start);
`);
const { rows: [{ per_day: basePerDay }] } = await q(`select (sum(capacity)::float / count(distinct day)) as per_day from year_slots`);
// The catalogue seats about 6,300 a day: a 10,000-visitor deck has raised its slots' capacity (the staff
// calendar's capacity changes, one per slot), so the catalogue is scaled up to seat the visitors.
const FILL = 0.97;
const factor = Math.max(1, VISITORS_PER_DAY / (FILL * basePerDay));
if (factor > 1) {
  await q(`update year_slots set capacity = ceil(capacity * ${factor})`);
  await q(`insert into capacity_overrides (option_id, slot_start, capacity, set_by, set_at)
    select option_id, slot_start, capacity, 'manager@year.example', slot_start - interval '120 days' from year_slots`);
}
const { rows: [{ per_day: capPerDay }] } = await q(`select (sum(capacity)::float / count(distinct day)) as per_day from year_slots`);
const fill = Math.min(0.99, VISITORS_PER_DAY / capPerDay);
step(`${DAYS} days from ${PAST_DAYS} days ago, ${Math.round(capPerDay)} places a day (capacity x${factor.toFixed(2)}), ${(fill * 100).toFixed(1)} % sold`);

// --- members: numbered by the time they joined, 60 % before the year, the rest during it ---
await q(`
  create unlogged table year_members as
  select i, year_uuid('user', i)::text as user_id,
    case when i = 0 then 'fifty-visits@year.example' else 'member' || i || '@year.example' end as email,
    case when i < ${MEMBERS * 0.6} then now() - interval '${DAYS} days' - ((${MEMBERS * 0.6} - i) / ${MEMBERS * 0.6}) * interval '3 years'
      else now() - interval '${DAYS} days' + ((i - ${MEMBERS * 0.6}) / ${MEMBERS * 0.4}) * interval '${DAYS} days' end as joined_at
  from generate_series(0, ${MEMBERS - 1}) i;
  insert into users (id, email, email_verified) select user_id, email, joined_at from year_members;
  insert into memberships (user_id, first_name, last_name, phone_number, country, postal_code, locale, marketing_opt_in, joined_at)
  select user_id,
    (array['Olivia','Liam','Emma','Noah','Ava','Elijah','Sophia','James','Mia','Lucas','Yuki','Hiroshi','Min-jun','Ji-woo','Wei','Mei','Lukas','Hannah','Léa','Hugo','Giulia','Marco','Sofía','Mateo','Ana','João','Sanne','Daan','Chloé','Arjun'])[1 + (i * 7) % 30],
    (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Martinez','Lopez','Tanaka','Sato','Kim','Lee','Wang','Chen','Müller','Schmidt','Martin','Bernard','Rossi','Russo','Fernández','González','Silva','Santos','de Jong','Jansen','Dubois','Patel'])[1 + (i * 13 / 7) % 30],
    '+1212' || lpad((i % 10000000)::text, 7, '0'),
    (array['US','US','US','US','US','CA','GB','DE','FR','JP','KR','CN','BR','ES','IT','NL'])[1 + i % 16],
    lpad((10001 + i % 900)::text, 5, '0'),
    (array['en','en','en','en','en','en','en','de','es','fr','it','ja','ko','nl','pt','zh-CN','zh-TW'])[1 + (i / 3) % 17],
    i % 3 = 0, joined_at
  from year_members;
  insert into token_issues (user_id, drop_id, source, status, token_id, created_at, issued_at)
  select user_id, 'welcome', 'joined', 'issued', 'local-' || year_uuid('welcome', i), joined_at, joined_at + interval '5 seconds' from year_members;
  insert into member_tier_changes (user_id, from_tier, to_tier, at, reason) select user_id, null, 'explorer', joined_at, 'joined' from year_members;
  insert into octo_resellers (id, key_hash) values ('getyourguide', md5('gyg')), ('viator', md5('viator')), ('klook', md5('klook'));
  create sequence year_booking_seq; create sequence year_ticket_seq;
`);
step(`${MEMBERS} members`);

// --- one batch per month of visit days ---
const { rows: months } = await q(`select distinct date_trunc('month', day)::date::text as month from year_days order by 1`);
for (const { month } of months.slice(0, MONTHS)) {
  const inMonth = `date_trunc('month', s.day) = '${month}'::date`;
  // Candidate bookings of every slot: party sizes 1-6 (mean 2.8), 8 % through resellers, 3 % cancelled,
  // 4 % abandoned holds (never paid), 1.5 % changed; the paid ones fill the slot to the target.
  await q(`
    create unlogged table year_cand as
    select s.*,
      case when p < 0.15 then 1 when p < 0.55 then 2 when p < 0.70 then 3 when p < 0.88 then 4 when p < 0.95 then 5 else 6 end as party0,
      case when heavy then 'website' when r1 < 0.03 then 'getyourguide' when r1 < 0.058 then 'viator' when r1 < 0.08 then 'klook' else 'website' end as channel,
      case when heavy then 'paid' when r2 < 0.03 then 'cancelled' when r2 < 0.07 and r1 >= 0.08 then 'abandoned' else 'paid' end as kind
    from (
      select s.*, k, random() as p, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
        (k = 1 and s.option_id = 'main-deck-day' and to_char(s.slot_start at time zone 'America/New_York', 'HH24:MI') = '10:00'
          and s.heavy_day) as heavy
      from year_slots s cross join lateral generate_series(1, ceil(s.capacity * ${fill} / 1.9)::int + 2) k
      where ${inMonth}
    ) s;
    create unlogged table year_b as
    select c.*, nextval('year_booking_seq') as n
    from (
      select c.*, least(party0, max_units) as party,
        sum(case when kind = 'paid' then least(party0, max_units) else 0 end) over (partition by option_id, slot_start order by k rows unbounded preceding) as running
      from year_cand c
    ) c
    where heavy or (kind = 'paid' and running <= round(capacity * ${fill})) or (kind <> 'paid' and running - 0 < round(capacity * ${fill}));
    drop table year_cand;
    alter table year_b add column created_at timestamptz, add column user_idx int, add column attends boolean, add column changed boolean;
    update year_b set
      -- Bought 1 hour to 60 days before the visit (most a few days before), never after now.
      created_at = least(slot_start - interval '1 hour' - (r3 * r3 * 60) * interval '1 day', now() - (r4 * 6) * interval '1 hour'),
      attends = heavy or r4 < 0.97,
      changed = not heavy and channel = 'website' and kind = 'paid' and r5 < 0.015;
    -- The buyer: a member who had joined by then (members are numbered by the time they joined).
    update year_b set user_idx = case when heavy then 0 else 1 + floor(random() * greatest(1, least(${MEMBERS - 1},
      ${MEMBERS * 0.6} + ${MEMBERS * 0.4} * extract(epoch from created_at - (now() - interval '${DAYS} days')) / ${DAYS * 86400}) - 1))::int end
      where channel = 'website';
    create index on year_b (n);
    analyze year_b;
  `);
  // Tickets: the first of a party an adult; then adults 70 %, children 15 %, seniors 10 %, infants 5 %
  // (where the option sells them, else an adult). Admitted: 98.5 % of the tickets of a party that came.
  await q(`
    create unlogged table year_t as
    select b.n, pos, nextval('year_ticket_seq') as tn, coalesce(u.id, 'adult') as unit_id, coalesce(u.price, a.price) as price,
      b.attends and b.kind = 'paid' and b.slot_start < now() and (pos = 1 or random() < 0.985) as admitted
    from year_b b cross join lateral generate_series(1, b.party) pos
    cross join lateral (select case when pos = 1 then 'adult' else (select case when x < 0.70 then 'adult' when x < 0.85 then 'child' when x < 0.95 then 'senior' else 'infant' end from (select random() + 0 * pos + 0 * b.n as x) r) end as want) w
    left join units u on u.option_id = b.option_id and u.id = w.want
    join units a on a.option_id = b.option_id and a.id = 'adult';
    create index on year_t (n);
    analyze year_t;
    create unlogged table year_bt as
    select n, sum(price)::int as total, bool_or(admitted) as any_admitted, (count(*) filter (where admitted))::int as admitted_n,
      jsonb_agg(jsonb_build_object('reference', year_ref('TKT', tn, 8), 'unitId', unit_id) order by pos) as tickets,
      jsonb_agg(jsonb_build_object('reference', year_ref('TKT', tn + (1::bigint << 39), 8), 'unitId', unit_id) order by pos) as old_tickets
    from year_t group by n;
    create unlogged table year_lines as
    select t.n, jsonb_agg(jsonb_build_object('unitId', t.unit_id, 'title', initcap(t.unit_id), 'quantity', t.q, 'unitPrice', t.price) order by t.unit_id) as lines
    from (select n, unit_id, price, count(*)::int as q from year_t group by n, unit_id, price) t group by t.n;
    create index on year_bt (n); create index on year_lines (n);
  `);
  // Bookings, their tickets, and the website's orders with their payments.
  await q(`
    insert into bookings (id, uuid, supplier_reference, reseller_id, reseller_reference, status, product_id, option_id, availability_id,
      slot_start, slot_end, unit_count, admitted_count, total, currency, contact, created_at, updated_at, expires_at, confirmed_at, redeemed_at, cancelled_at, cancellation_reason)
    select year_uuid('booking', b.n), year_uuid('buuid', b.n)::text, year_ref('SKY', b.n, 6), b.channel,
      case when b.channel = 'website' then year_uuid('order', b.n)::text else upper(substr(b.channel, 1, 3)) || '-' || (100000000 + b.n) end,
      case when b.kind = 'abandoned' then 'ON_HOLD' when b.kind = 'cancelled' then 'CANCELLED' when bt.any_admitted then 'REDEEMED' else 'CONFIRMED' end,
      b.product_id, b.option_id, b.availability_id, b.slot_start, b.slot_end, b.party, case when b.kind = 'paid' then bt.admitted_n else 0 end, bt.total, 'USD',
      case when b.kind = 'abandoned' then null when b.channel = 'website' then
        jsonb_build_object('firstName', m.first_name, 'lastName', m.last_name, 'fullName', m.first_name || ' ' || m.last_name, 'emailAddress', u.email,
          'phoneNumber', m.phone_number, 'country', m.country, 'locales', jsonb_build_array(m.locale))
      else jsonb_build_object('fullName', (array['Alex Morgan','Sam Taylor','Kenji Watanabe','Laura Schneider','Pierre Laurent','Chiara Bianchi','Diego Ramos','Sara Lind'])[1 + b.n % 8] || ' ' || b.n,
        'emailAddress', 'guest' || b.n || '@' || b.channel || '.example') end,
      b.created_at, b.created_at + interval '2 minutes', b.created_at + interval '15 minutes',
      case when b.kind <> 'abandoned' then b.created_at + interval '2 minutes' end,
      case when bt.any_admitted and b.kind = 'paid' then b.slot_start - interval '10 minutes' + b.r4 * interval '25 minutes' end,
      case when b.kind = 'cancelled' then b.created_at + (extract(epoch from least(b.slot_start, now()) - b.created_at) * b.r5) * interval '1 second' end,
      case when b.kind = 'cancelled' then 'Cancelled by the customer' end
    from year_b b join year_bt bt on bt.n = b.n
    left join users u on b.channel = 'website' and u.id = year_uuid('user', b.user_idx)::text
    left join memberships m on m.user_id = u.id;

    insert into booking_unit_items (uuid, booking_id, position, unit_id, supplier_reference, price)
    select year_uuid('ticket', tn)::text, year_uuid('booking', n), pos, unit_id, year_ref('TKT', tn, 8), price from year_t;

    insert into payments (id, purpose, reference_id, amount, currency, gateway, gateway_session_id, session, state, created_at, confirmed_at)
    select year_uuid('payment', b.n), 'order', year_uuid('order', b.n)::text, bt.total, 'USD', 'test', 'cs_test_' || md5('session' || b.n),
      jsonb_build_object('id', 'cs_test_' || md5('session' || b.n), 'gateway', 'test'),
      case when b.kind = 'abandoned' then 'expired' else 'confirmed' end, b.created_at,
      case when b.kind <> 'abandoned' then b.created_at + interval '2 minutes' end
    from year_b b join year_bt bt on bt.n = b.n where b.channel = 'website';

    insert into test_payment_sessions (id, reference, amount, currency, status, expires_at, card_last4, paid_at, refunded_amount, created_at)
    select 'cs_test_' || md5('session' || b.n), year_uuid('order', b.n)::text, bt.total, 'USD',
      case when b.kind = 'abandoned' then 'open' when b.kind = 'cancelled' then 'refunded' else 'paid' end,
      b.created_at + interval '15 minutes', case when b.kind <> 'abandoned' then '4242' end,
      case when b.kind <> 'abandoned' then b.created_at + interval '2 minutes' end, 0, b.created_at
    from year_b b join year_bt bt on bt.n = b.n where b.channel = 'website';

    insert into orders (id, booking_uuid, supplier_reference, user_id, status, product_id, option_id, product_title, option_title, availability_id,
      lines, total, currency, locale, payment_id, hold_expires_at, tickets, replaced_tickets, created_at, paid_at, confirmed_at)
    select year_uuid('order', b.n), year_uuid('buuid', b.n)::text, year_ref('SKY', b.n, 6), year_uuid('user', b.user_idx)::text,
      case when b.kind = 'abandoned' then 'PENDING_PAYMENT' when b.kind = 'cancelled' then 'CANCELLED' else 'CONFIRMED' end,
      b.product_id, b.option_id, p.internal_name, o.internal_name, b.availability_id, l.lines, bt.total, 'USD', 'en', year_uuid('payment', b.n),
      b.created_at + interval '15 minutes', case when b.kind <> 'abandoned' then bt.tickets end,
      case when b.changed then bt.old_tickets else '[]'::jsonb end, b.created_at,
      case when b.kind <> 'abandoned' then b.created_at + interval '2 minutes' end,
      case when b.kind <> 'abandoned' then b.created_at + interval '2 minutes' end
    from year_b b join year_bt bt on bt.n = b.n join year_lines l on l.n = b.n
    join products p on p.id = b.product_id join product_options o on o.id = b.option_id
    where b.channel = 'website';
  `);
  // Admissions, cancellations with their refunds, changes, the program's visits and points, tokens, waitlist.
  await q(`
    -- Recorded when scanned, as a gate online records them (not when the seed wrote them: decision 0059).
    insert into ticket_redemptions (ticket_reference, booking_uuid, booking_reference, gate, by_email, redeemed_at, recorded_at)
    select year_ref('TKT', t.tn, 8), year_uuid('buuid', t.n)::text, year_ref('SKY', t.n, 6), 'Gate ' || (1 + t.tn % 6),
      'gate' || (1 + t.tn % 12) || '@year.example', at, at
    from year_t t join year_b b on b.n = t.n,
      lateral (select b.slot_start - interval '10 minutes' + b.r4 * interval '25 minutes' + t.pos * interval '4 seconds' as at) scanned
    where t.admitted;

    insert into audit_log (at, actor_kind, actor_email, action, target, after)
    select b.slot_start - interval '10 minutes' + b.r4 * interval '25 minutes', 'staff', 'gate' || (1 + b.n % 12) || '@year.example', 'ticket.redeem',
      year_ref('SKY', b.n, 6), jsonb_build_object('tickets', (select jsonb_agg(year_ref('TKT', t.tn, 8)) from year_t t where t.n = b.n and t.admitted), 'gate', 'Gate ' || (1 + b.n % 6))
    from year_b b join year_bt bt on bt.n = b.n where bt.any_admitted and b.kind = 'paid';

    -- Cancellations: the whole total back until the product's free cancellation, its share after.
    create unlogged table year_cancel as
    select b.n, b.channel, bc.cancelled_at, bt.total,
      case when bc.cancelled_at <= b.slot_start - make_interval(hours => case when b.product_id = 'express-pass' then 48 else 24 end) then bt.total
        when b.product_id = 'express-pass' then 0 else bt.total / 2 end as refund
    from year_b b join year_bt bt on bt.n = b.n join bookings bc on bc.id = year_uuid('booking', b.n) where b.kind = 'cancelled';
    insert into booking_cancellations (booking_uuid, supplier_reference, order_id, refund_amount, currency, by_kind, by_user_id, by_email, reason, created_at)
    select year_uuid('buuid', c.n)::text, year_ref('SKY', c.n, 6), case when c.channel = 'website' then year_uuid('order', c.n) end,
      case when c.channel = 'website' then c.refund else c.total end, 'USD', case when c.channel = 'website' then 'member' else 'operator' end,
      case when c.channel = 'website' then year_uuid('user', b.user_idx)::text end, null, 'Plans changed', c.cancelled_at
    from year_cancel c join year_b b on b.n = c.n;
    insert into refunds (payment_id, amount, idempotency_key, state, reason, created_at, done_at)
    select year_uuid('payment', n), refund, 'cancelled:' || year_uuid('buuid', n)::text, 'done', 'cancelled', cancelled_at, cancelled_at + interval '3 seconds'
    from year_cancel where channel = 'website' and refund > 0;
    update test_payment_sessions s set refunded_amount = c.refund, refund_keys = jsonb_build_array('cancelled:' || year_uuid('buuid', c.n)::text),
      status = case when c.refund > 0 then 'refunded' else 'paid' end
      from year_cancel c where c.channel = 'website' and s.id = 'cs_test_' || md5('session' || c.n);
    insert into audit_log (at, actor_kind, actor_user_id, action, target, before, after)
    select c.cancelled_at, case when c.channel = 'website' then 'member' else 'operator' end, null, 'booking.cancel', year_ref('SKY', c.n, 6),
      jsonb_build_object('status', 'CONFIRMED'), jsonb_build_object('status', 'CANCELLED', 'refund', c.refund)
    from year_cancel c;
    drop table year_cancel;

    -- Changes: the booking moved from the same time a day earlier, its tickets replaced (the old ones refused at the gate).
    insert into booking_changes (order_id, from_availability_id, to_availability_id, from_lines, to_lines, from_total, to_total, refund_amount, created_at, status)
    select year_uuid('order', b.n), year_local_id(b.slot_start - interval '1 day'), b.availability_id, l.lines, l.lines, bt.total, bt.total, 0,
      b.created_at + (extract(epoch from least(b.slot_start, now()) - b.created_at) * 0.5) * interval '1 second', 'DONE'
    from year_b b join year_bt bt on bt.n = b.n join year_lines l on l.n = b.n where b.changed;

    -- The program: a visit per member and admitted date; points per ticket of the members' paid orders.
    insert into member_visits (user_id, visit_date, booking_uuid, booking_reference, counted_at)
    select distinct on (b.user_idx, b.day) year_uuid('user', b.user_idx)::text, to_char(b.slot_start at time zone 'America/New_York', 'YYYY-MM-DD'),
      year_uuid('buuid', b.n)::text, year_ref('SKY', b.n, 6), b.slot_start - interval '10 minutes' + b.r4 * interval '25 minutes'
    from year_b b join year_bt bt on bt.n = b.n where b.channel = 'website' and b.kind = 'paid' and bt.any_admitted
    order by b.user_idx, b.day, b.n
    on conflict do nothing;

    -- Each line stamped (updated_at) by its last write, as the app does: earned, then confirmed or voided.
    insert into member_points (user_id, reason, points, state, order_id, booking_uuid, booking_reference, ticket_reference, unit_id, earned_at, confirmed_at, expires_on, closed_at, close_reason, updated_at)
    select year_uuid('user', b.user_idx)::text, 'ticket', case when t.unit_id = 'child' then 50 else 100 end,
      case when b.kind = 'cancelled' then 'void' when t.admitted then 'confirmed' else 'pending' end,
      year_uuid('order', b.n), year_uuid('buuid', b.n)::text, year_ref('SKY', b.n, 6), year_ref('TKT', t.tn, 8), t.unit_id,
      b.created_at + interval '2 minutes',
      case when t.admitted then b.slot_start - interval '10 minutes' + b.r4 * interval '25 minutes' end,
      case when t.admitted then to_char((b.slot_start at time zone 'America/New_York') + interval '12 months', 'YYYY-MM-DD') end,
      case when b.kind = 'cancelled' then bc.cancelled_at end, case when b.kind = 'cancelled' then 'cancelled' end,
      greatest(b.created_at + interval '2 minutes', case when t.admitted then b.slot_start - interval '10 minutes' + b.r4 * interval '25 minutes' end,
        case when b.kind = 'cancelled' then bc.cancelled_at end)
    from year_t t join year_b b on b.n = t.n join bookings bc on bc.id = year_uuid('booking', b.n)
    where b.channel = 'website' and b.kind <> 'abandoned' and t.unit_id <> 'infant';

    insert into token_issues (user_id, drop_id, source, status, token_id, created_at, issued_at)
    select year_uuid('user', b.user_idx)::text, d.drop_id, 'booking:' || year_uuid('buuid', b.n)::text, 'issued', 'local-' || year_uuid(d.drop_id, b.n),
      b.created_at + interval '2 minutes', b.created_at + interval '2 minutes 5 seconds'
    from year_b b cross join lateral (values ('ticket-holder'), (case when b.product_id = 'sunrise' then 'sunrise-seeker' end)) d(drop_id)
    where b.channel = 'website' and b.kind <> 'abandoned' and d.drop_id is not null
    on conflict do nothing;
    insert into token_issues (user_id, drop_id, source, status, token_id, created_at, issued_at)
    select year_uuid('user', b.user_idx)::text, 'skyline-visitor', 'visit:' || year_uuid('buuid', b.n)::text, 'issued', 'local-' || year_uuid('visit', b.n),
      b.slot_start, b.slot_start + interval '5 seconds'
    from year_b b join year_bt bt on bt.n = b.n where b.channel = 'website' and b.kind = 'paid' and bt.any_admitted
    on conflict do nothing;

    -- The waitlist of a tenth of the slots (they were sold out): a few members each; past entries closed.
    insert into waitlist_entries (user_id, product_id, option_id, availability_id, slot_start, quantities, places, locale, status, created_at, closed_at)
    select year_uuid('user', 1 + ((s.slot_start_epoch + w * 7919) % ${MEMBERS - 1}))::text, s.product_id, s.option_id, s.availability_id, s.slot_start,
      jsonb_build_object('adult', 1 + w % 3), 1 + w % 3, 'en',
      case when s.slot_start > now() then 'WAITING' when w % 4 = 0 then 'LEFT' else 'EXPIRED' end,
      least(now(), s.slot_start) - interval '3 days' + w * interval '1 hour',
      case when s.slot_start <= now() then s.slot_start end
    from (select *, extract(epoch from slot_start)::bigint / 60 as slot_start_epoch from year_slots s where ${inMonth} and random() < 0.1) s
    cross join generate_series(1, 4) w
    on conflict do nothing;

    drop table year_b; drop table year_t; drop table year_bt; drop table year_lines;
  `);
  step(`month ${month}`);
}

await client.end();
}

async function connect() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set synchronous_commit = off; set work_mem = '256MB'; set maintenance_work_mem = '512MB'`);
  return client;
}

/** Tiers, the secondary indexes, the helpers dropped, statistics; then the counts and the size. */
async function finish() {
const client = await connect();
const q = (text) => client.query(text);
// Tiers from the visits of the program's window (12 months): regular from 2, local legend from 5.
await q(`
  insert into member_tiers (user_id, tier_id, visits, recompute_on, updated_at)
  select m.user_id, case when coalesce(v.visits, 0) >= 5 then 'local-legend' when coalesce(v.visits, 0) >= 2 then 'regular' else 'explorer' end,
    coalesce(v.visits, 0), to_char(v.oldest::date + interval '12 months', 'YYYY-MM-DD'), now()
  from year_members m left join (
    select user_id, count(*)::int as visits, min(visit_date) as oldest from member_visits
    where visit_date >= to_char((now() at time zone 'America/New_York') - interval '12 months', 'YYYY-MM-DD') group by user_id
  ) v on v.user_id = m.user_id;
  insert into member_tier_changes (user_id, from_tier, to_tier, at, reason)
  select user_id, 'explorer', tier_id, now(), 'visits' from member_tiers where tier_id <> 'explorer';
  drop table year_members; drop table year_slots; drop table year_days;
  drop sequence year_booking_seq; drop sequence year_ticket_seq;
  drop function year_ref(text, bigint, int); drop function year_base32(bigint, int); drop function year_uuid(text, bigint); drop function year_local_id(timestamptz);
`);
step('tiers');
// Each member's visits linked to the one before and after, as the gate's writes keep them (decision 0064); the
// months were inserted apart, so once here, over the whole year.
await q(`
  update member_visits v set previous_visit_date = coalesce(w.previous, ''), next_visit_date = w.next
  from (select id, lag(visit_date) over member as previous, lead(visit_date) over member as next
        from member_visits window member as (partition by user_id order by visit_date)) w
  where w.id = v.id and (w.previous is not null or w.next is not null)`);
step('visits linked');
await q(`delete from slot_taken;
  insert into slot_taken (option_id, slot_start, taken)
  select option_id, slot_start, sum(unit_count) from bookings where status in ('CONFIRMED', 'REDEEMED') group by 1, 2;
  alter table bookings enable trigger bookings_count_taken`);
step('places taken counted per slot');
const { rows: secondary } = await q(`select definition from year_seed_indexes`);
for (const { definition } of secondary) await q(definition);
await q(`drop table year_seed_indexes`);
step(`${secondary.length} secondary indexes built`);
await q(`vacuum analyze`);
step('vacuum analyze');

const { rows: [counts] } = await q(`select
  (select count(*) from users) as members, (select count(*) from bookings) as bookings, (select count(*) from booking_unit_items) as tickets,
  (select count(*) from orders) as orders, (select count(*) from bookings where reseller_id <> 'website') as reseller_bookings,
  (select count(*) from ticket_redemptions) as admissions, (select count(*) from bookings where status = 'CANCELLED') as cancelled,
  (select count(*) from refunds) as refunds, (select count(*) from booking_changes) as changes, (select count(*) from waitlist_entries) as waitlist,
  (select count(*) from token_issues) as tokens, (select count(*) from member_visits) as visits, (select count(*) from member_points) as points,
  pg_size_pretty(pg_database_size(current_database())) as size, pg_database_size(current_database()) as bytes`);
await client.end();
console.log(counts);
console.log(`seeded ${YEAR.database} in ${((performance.now() - started) / 1000).toFixed(0)} s: ${counts.tickets} tickets, database size ${counts.size}`);
}
