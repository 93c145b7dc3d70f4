// getMembership at scale (issue #24's benchmark): 10,000 members and 100,000 visits in PostgreSQL, then
// getMembership (what GET /api/auth/loyalty/getMembership answers) timed for random members.
//   npx tsx bench/membership.mjs [--calls=2000] [--members=10000] [--visits=100000] [--keep]
// The bench makes a database of its own (skypass_membench), migrated and its catalogue seeded by the app,
// and drops it at the end (--keep leaves it, to EXPLAIN the queries). The seed is set-based SQL:
// - members joined over three years; visits skewed as a real program's are (a few members with ~200
//   visits, most with 5 to 10), one a date per member, spread over the last three years;
// - each visit is a paid website order of the main deck (an adult and a child ticket) with its payment,
//   both tickets admitted at the gate (ticket_redemptions), its member_visits row, two member_points lines
//   (confirmed, expiring 12 months after the visit; older ones expired) and its 'skyline-visitor' token;
// - member_tiers from the visits of the last 12 months (regular from 2, local legend from 5), and a
//   completed challenge for members with 8 visits or more (its token and points line too).
// Timed as bench/year/measure.mjs does: the module called directly on a pool of the app's size (10), one
// call at a time, after a warm-up; median, p95 and p99 of the calls.
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '@/server/db/schema';
import { seed } from '@/server/db/seed';
import { getMembership } from '@/modules/loyalty/membership';

const option = (name, fallback) => {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const CALLS = Number(option('calls', 2000));
const MEMBERS = Number(option('members', 10_000));
const VISITS = Number(option('visits', 100_000));
const KEEP = process.argv.includes('--keep');
const DATABASE = 'skypass_membench';
const server = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const started = performance.now();
const step = (label) => console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s  ${label}`);

const admin = new pg.Client({ connectionString: `${server}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${DATABASE}`);
await admin.query(`create database ${DATABASE}`);

const pool = new pg.Pool({ connectionString: `${server}/${DATABASE}`, max: 10 });
pool.on('error', (error) => console.error(`[bench] a connection failed: ${error.message}`));
const db = drizzle({ client: pool, schema });
try {
  await migrate(db, { migrationsFolder: 'drizzle' });
  await seed(db);
  step('migrated and catalogue seeded');
  await seedMembers();
  await measure();
} finally {
  await pool.end();
  if (!KEEP) await admin.query(`drop database if exists ${DATABASE}`);
  await admin.end();
}

async function seedMembers() {
  const client = await pool.connect();
  const q = (text) => client.query(text);
  try {
    await q(`set synchronous_commit = off; set work_mem = '128MB'`);
    // Member u's visits: visit v belongs to floor(MEMBERS × (v / VISITS)^1.5), so member 0 has ~215, the last ~7.
    await q(`
      create temporary table mb_members as
      select i, md5('member' || i)::uuid::text as user_id, now() - (i::float / ${MEMBERS}) * interval '3 years' as joined_at
      from generate_series(0, ${MEMBERS - 1}) i;
      insert into users (id, email, email_verified) select user_id, 'member' || i || '@membench.example', joined_at from mb_members;
      insert into memberships (user_id, first_name, last_name, phone_number, country, locale, joined_at)
      select user_id, 'Member', 'N' || i, '+1212' || lpad(i::text, 7, '0'), 'US', 'en', joined_at from mb_members;
      insert into token_issues (user_id, drop_id, source, status, token_id, created_at, issued_at)
      select user_id, 'welcome', 'joined', 'issued', 'local-welcome-' || i, joined_at, joined_at from mb_members;

      create temporary table mb_v as
      select v, floor(${MEMBERS} * power(v::float / ${VISITS}, 1.5))::int as member from generate_series(0, ${VISITS - 1}) v;
      create temporary table mb_visits as
      select v.v, m.user_id, v.member,
        -- The member's k visits evenly over the last 1,095 days (distinct dates as long as k <= 1,095).
        ((now() at time zone 'America/New_York')::date - floor((row_number() over w - 0.5) * 1095 / count(*) over w)::int) as day
      from mb_v v join mb_members m on m.i = v.member
      window w as (partition by v.member);
      create temporary table mb_orders as
      select v, user_id, member, day, md5('order' || v)::uuid as order_id, md5('payment' || v)::uuid as payment_id, md5('booking' || v)::uuid::text as booking_uuid,
        'SKY' || lpad(v::text, 6, '0') as reference, to_char(day, 'YYYY-MM-DD') || 'T11:00:00-04:00' as availability_id,
        (day + time '11:10') at time zone 'America/New_York' as admitted_at
      from mb_visits;

      insert into payments (id, purpose, reference_id, amount, currency, gateway, gateway_session_id, session, state, created_at, confirmed_at)
      select payment_id, 'order', order_id::text, 7000, 'USD', 'test', 'cs_test_' || md5('session' || v), '{}'::jsonb, 'confirmed', admitted_at - interval '3 days', admitted_at - interval '3 days'
      from mb_orders;
      insert into orders (id, booking_uuid, supplier_reference, user_id, status, product_id, option_id, product_title, option_title, availability_id,
        lines, total, currency, locale, payment_id, hold_expires_at, tickets, created_at, paid_at, confirmed_at)
      select order_id, booking_uuid, reference, user_id, 'CONFIRMED', 'main-deck', 'main-deck-day', 'Main Deck', 'Main Deck', availability_id,
        '[{"unitId":"adult","title":"Adult","quantity":1,"unitPrice":4400},{"unitId":"child","title":"Child","quantity":1,"unitPrice":2600}]'::jsonb,
        7000, 'USD', 'en', payment_id, admitted_at - interval '3 days', jsonb_build_array(jsonb_build_object('reference', 'TKA' || v, 'unitId', 'adult'),
        jsonb_build_object('reference', 'TKC' || v, 'unitId', 'child')), admitted_at - interval '3 days', admitted_at - interval '3 days', admitted_at - interval '3 days'
      from mb_orders;
      insert into ticket_redemptions (ticket_reference, booking_uuid, booking_reference, gate, redeemed_at)
      select t.ref || v, booking_uuid, reference, 'Gate 1', admitted_at from mb_orders cross join (values ('TKA'), ('TKC')) t(ref);
      insert into member_visits (user_id, visit_date, booking_uuid, booking_reference, counted_at)
      select user_id, to_char(day, 'YYYY-MM-DD'), booking_uuid, reference, admitted_at from mb_orders;
      insert into member_points (user_id, reason, points, state, order_id, booking_uuid, booking_reference, ticket_reference, unit_id, earned_at, confirmed_at, expires_on, closed_at, close_reason)
      select user_id, 'ticket', t.points, case when e.expires_on <= (now() at time zone 'America/New_York')::date then 'expired' else 'confirmed' end,
        order_id, booking_uuid, reference, t.ref || v, t.unit_id, admitted_at - interval '3 days', admitted_at, to_char(e.expires_on, 'YYYY-MM-DD'),
        case when e.expires_on <= (now() at time zone 'America/New_York')::date then e.expires_on::timestamptz end,
        case when e.expires_on <= (now() at time zone 'America/New_York')::date then 'expired' end
      from mb_orders cross join (values ('TKA', 'adult', 100), ('TKC', 'child', 50)) t(ref, unit_id, points)
        cross join lateral (select (day + interval '12 months')::date as expires_on) e;
      insert into token_issues (user_id, drop_id, source, status, token_id, created_at, issued_at)
      select user_id, 'skyline-visitor', 'visit:' || booking_uuid, 'issued', 'local-visit-' || v, admitted_at, admitted_at from mb_orders;

      insert into member_tiers (user_id, tier_id, visits, recompute_on, updated_at)
      select m.user_id, case when coalesce(w.visits, 0) >= 5 then 'local-legend' when coalesce(w.visits, 0) >= 2 then 'regular' else 'explorer' end,
        coalesce(w.visits, 0), to_char(w.oldest + interval '12 months', 'YYYY-MM-DD'), now()
      from mb_members m left join (
        select user_id, count(*)::int as visits, min(day) as oldest from mb_visits
        where day > (now() at time zone 'America/New_York')::date - interval '12 months' group by user_id
      ) w on w.user_id = m.user_id;

      -- A challenge completed by members with 8 visits or more: its row, its token and its points.
      insert into member_challenges (user_id, challenge_id, completed_at, seen_at)
      select user_id, 'four-seasons', max(admitted_at), max(admitted_at) from mb_orders group by user_id having count(*) >= 8;
      insert into token_issues (user_id, drop_id, source, status, token_id, created_at, issued_at)
      select user_id, 'welcome', 'challenge:four-seasons', 'issued', 'local-challenge-' || md5(user_id), completed_at, completed_at from member_challenges;
      insert into member_points (user_id, reason, points, state, earned_at, confirmed_at, expires_on)
      select user_id, 'challenge:four-seasons', 200, 'confirmed', completed_at, completed_at, to_char(completed_at + interval '12 months', 'YYYY-MM-DD') from member_challenges;
    `);
    await q(`vacuum analyze`);
    const { rows: [counts] } = await q(`select (select count(*) from users) as members, (select count(*) from member_visits) as visits,
      (select count(*) from member_points) as points, (select count(*) from orders) as orders, (select count(*) from token_issues) as tokens,
      (select count(*) from member_challenges) as challenges, (select max(n) from (select count(*) as n from member_visits group by user_id) x) as most_visits,
      pg_size_pretty(pg_database_size(current_database())) as size`);
    step(`seeded: ${JSON.stringify(counts)}`);
  } finally {
    client.release();
  }
}

async function measure() {
  const { rows } = await pool.query(`select id from users order by id`);
  const ids = rows.map((row) => row.id);
  // A fixed sequence of random members, the same on every run.
  let state = 24;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = () => ids[Math.floor(random() * ids.length)];
  const now = new Date();
  for (let i = 0; i < 50; i++) await getMembership(db, pick(), 'en', now);
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const userId = pick();
    const start = performance.now();
    await getMembership(db, userId, 'en', now);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p) => Math.round(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] * 10) / 10;
  console.log(JSON.stringify({ name: 'getMembership (random members)', goal: 'p99 < 50 ms', calls: CALLS, median: at(50), p95: at(95), p99: at(99), max: at(100) }));
}
