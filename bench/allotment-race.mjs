// The allotment race (issue #24, decision 0041) through the site's own API: on each of ROUNDS slots of
// Express Main + Top Deck (20 places, the demo program keeps 10 %: 2 for members), REGULARS Regulars and
// EXPLORERS Explorers press Book (POST /api/auth/octo/bookings/payWithPayment, one adult each) and a
// reseller books 6 adults over OCTO (POST /octo/bookings), all at once. Measures the orders (holds) answered
// per second and counts, from the database, the oversold slots (more places taken than 20) and the slots
// where Explorers and the reseller took places kept for members. Goal: zero and zero.
// PostgreSQL only (the race that matters is between server connections): BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names a server where that user may create databases.
//   node bench/allotment-race.mjs          (needs a build: npx next build)
import os from 'node:os';
import pg from 'pg';
import { browserClient, createDatabase } from './client.mjs';
import { startGateBenchSite } from './site.mjs';

const REGULARS = Number(process.env.BENCH_REGULARS ?? 50);
const EXPLORERS = Number(process.env.BENCH_EXPLORERS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CAPACITY = 20;
const KEPT = 2;
const OPTION = { productId: 'express-pass', optionId: 'express-main-top' };
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server');

/** Members signed in, a few at a time (each sign-in is a handful of requests). */
async function signedIn(url, count) {
  const members = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, () => browserClient(url));
    await Promise.all(batch.map((m) => m.signIn()));
    members.push(...batch);
  }
  return members;
}

/** The slots raced: one an hour on a day ten days ahead (more than 48 hours away: the places are kept). */
function racedSlots() {
  const day = new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((p) => p.type === 'timeZoneName').value.replace('GMT', '');
  return Array.from({ length: ROUNDS }, (_, i) => `${day}T${String(10 + i).padStart(2, '0')}:00:00${offset}`);
}

const database = await createDatabase(adminUrl);
const { url, stop } = await startGateBenchSite(0, database, { UNPAID_BOOKINGS_PER_MEMBER: String(ROUNDS + 2) });
const db = new pg.Client({ connectionString: database.url });
try {
  await db.connect();
  const regulars = await signedIn(url, REGULARS);
  const explorers = await signedIn(url, EXPLORERS);
  await db.query(`update member_tiers set tier_id = 'regular' where user_id in (select id from users where email = any($1))`, [regulars.map((m) => m.email)]);

  const statuses = {};
  let answered = 0;
  let racing = 0;
  for (const availabilityId of racedSlots()) {
    const book = (member) =>
      member.json('/api/auth/octo/bookings/payWithPayment', { ...OPTION, quantities: { adult: 1 }, selectedTime: availabilityId }).then((res) => res.status);
    const reseller = () =>
      fetch(`${url}/octo/bookings`, {
        method: 'POST',
        headers: { authorization: 'Bearer skypass-demo-octo-key', 'content-type': 'application/json' },
        body: JSON.stringify({ ...OPTION, availabilityId, unitItems: Array.from({ length: 6 }, () => ({ unitId: 'adult' })) }),
      }).then((res) => `octo ${res.status}`);
    const started = performance.now();
    const answers = await Promise.all([...regulars.map(book), ...explorers.map(book), reseller()]);
    racing += performance.now() - started;
    answered += answers.length;
    for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  }

  const { rows } = await db.query(
    `select availability_id, sum(unit_count)::int as taken,
            sum(case when member_tier is distinct from 'regular' then unit_count else 0 end)::int as by_others,
            sum(kept_places)::int as kept
       from bookings where option_id = $1 and status in ('ON_HOLD', 'CONFIRMED', 'REDEEMED') group by availability_id order by availability_id`,
    [OPTION.optionId],
  );
  console.log(
    JSON.stringify({
      backend: 'PostgreSQL',
      cores: os.cpus().length,
      rounds: ROUNDS,
      regulars: REGULARS,
      explorers: EXPLORERS,
      answeredPerSecond: Math.round((answered / racing) * 1000 * 10) / 10,
      heldPerSecond: Math.round(((statuses[201] ?? 0) + (statuses['octo 200'] ?? 0)) / (racing / 1000) * 10) / 10,
      statuses,
      slots: rows,
      oversold: rows.filter((r) => r.taken > CAPACITY).length,
      allotmentTakenByOthers: rows.filter((r) => r.by_others > CAPACITY - KEPT).length,
    }),
  );
} finally {
  await db.end().catch(() => {});
  stop();
  await database.drop();
}
