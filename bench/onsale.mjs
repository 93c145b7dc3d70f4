// The biggest day (issue #26, deliverable 3, decision 0056): MEMBERS members signed in, arriving over SECONDS
// seconds for PLACES places of one day of Main Deck sold through an on-sale's queue. The on-sale opens 10 s
// after the first arrival (those before are the pre-queue, put in random order at the opening); each buyer
// joins, waits as the waiting room does (the answers pushed on one event stream, decision 0073; with `--poll`,
// asking as often as the server says instead), and when let through reads the day's slots and holds one adult
// with the pass (POST /api/auth/octo/bookings/payWithPayment), trying another slot when one fills. The buyers
// run in `--clients=2` processes of their own (bench/onsale-buyers.mjs). Reports: 5xx answers,
// places sold (from the database), p50/p99 per request, buyers answered (a place, sold out, or a place in
// line), the rank correlation (Spearman) between place in line and the order the places were held, and how
// long after the last place was held the sold-out news reached the waiting buyers, and the joins' p50 and p99 in
// each 5 s of the minute. Each server first answers `--warm-up=2000` asks and availability reads, as a site that
// has been serving does before its biggest day (`--warm-up=0`: started cold).
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL), the way several servers would share it. The whole day
// is 20,000 members, 2,000 places, 60 s; `--scale=0.1` runs a tenth of the members and places over the same
// minute on a smaller machine. `--servers=2` runs two server processes on the one database, as a deployment
// behind a load balancer would (the queue is the database's, decision 0056): each buyer is sent to one of them
// in turn, and keeps to it.
//   [BENCH_PORT=3171] npx tsx bench/onsale.mjs [--scale=0.1] [--servers=2] [--clients=2] [--rate=600] [--poll] [--bulk-sign-in] [--warm-up=2000]   (needs a build: npx next build)
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { browserClient, createDatabase } from './client.mjs';
import { startBenchSite } from './site.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SCALE = arg('scale', 1);
const MEMBERS = Math.round(20_000 * SCALE);
const PLACES = Math.round(2_000 * SCALE);
const SECONDS = arg('seconds', 60);
const RATE = arg('rate', 600);
const SERVERS = arg('servers', 1);
const OPEN_AFTER_S = 10;
const BULK_SIGN_IN = process.argv.includes('--bulk-sign-in');
const STREAM = !process.argv.includes('--poll');
const CLIENTS = arg('clients', 2);
/** Calls each server answers before the first arrival (`--warm-up=0`: none, a server started cold). */
const WARM_UP = arg('warm-up', 2_000);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('BENCH_DATABASE_URL (or TEST_DATABASE_URL) must name a PostgreSQL server');
const OPTION = { productId: 'main-deck', optionId: 'main-deck-day' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const nyDate = (ms) => new Date(ms).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
const nyWallClock = (ms) => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(ms));
  const part = (type) => parts.find((p) => p.type === type).value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
};

/** CPU seconds (user + system) the site's processes used so far (those started and their children: `next start`
 * may run the server in a child), from /proc (Linux); 0 elsewhere. */
function siteCpuSeconds() {
  const stat = (p) => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return { ppid: Number(fields[1]), seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
    } catch {
      return undefined;
    }
  };
  let pids;
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
  } catch {
    return 0;
  }
  const all = new Map(pids.map((p) => [p, stat(p)]).filter(([, s]) => s));
  const ours = new Set(sites.map((site) => site.pid));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, s] of all) {
      if (ours.has(p) || !ours.has(s.ppid)) continue;
      ours.add(p);
      grew = true;
    }
  }
  return [...ours].reduce((sum, p) => sum + (all.get(p)?.seconds ?? 0), 0);
}

/** What /api/signUp and /api/dev/session write, for each member, in a few statements. */
async function signInInBulk(members) {
  const firstTier = JSON.parse(fs.readFileSync('config/program.json', 'utf8')).tiers[0].id;
  const expires = new Date(Date.now() + 30 * 86_400_000);
  for (let i = 0; i < members.length; i += 5_000) {
    const batch = members.slice(i, i + 5_000);
    const ids = batch.map(() => crypto.randomUUID());
    const tokens = batch.map(() => crypto.randomUUID());
    await db.query('begin');
    await db.query(`insert into users (id, name, email, email_verified) select id, 'Ana Lima', email, now() from unnest($1::text[], $2::text[]) as v(id, email)`, [ids, batch.map((m) => m.email)]);
    await db.query(
      `insert into memberships (user_id, first_name, last_name, phone_number, country, locale) select id, 'Ana', 'Lima', '+1 212 555 0100', 'US', 'en' from unnest($1::text[]) as v(id)`,
      [ids],
    );
    await db.query(`insert into member_tiers (user_id, tier_id, visits, updated_at) select id, $2, 0, now() from unnest($1::text[]) as v(id)`, [ids, firstTier]);
    await db.query(`insert into member_tier_changes (user_id, to_tier, at, reason) select id, $2, now(), 'joined' from unnest($1::text[]) as v(id)`, [ids, firstTier]);
    await db.query(`insert into sessions (session_token, user_id, expires) select t, id, $3 from unnest($1::text[], $2::text[]) as v(t, id)`, [tokens, ids, expires]);
    await db.query('commit');
    batch.forEach((m, j) => m.setCookie('next-auth.session-token', tokens[j]));
  }
  // One of them on each server, through the site: the session is the site's own.
  for (const member of members.slice(0, SERVERS)) {
    const res = await member.request('/api/auth/session');
    const session = await res.json();
    if (session?.user?.email !== member.email) throw new Error(`bulk sign-in: the site does not see the session (${res.status} ${JSON.stringify(session)})`);
  }
}

/** The p50 and p99 of some durations, in whole ms (0 when there are none). */
function percentiles(durations) {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (share) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99) };
}

async function inBatches(items, size, work) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

const database = await createDatabase(adminUrl);
const siteEnv = {
  DATABASE_URL: database.url,
  // Every server signs and checks the same queue tickets and passes.
  NEXTAUTH_SECRET: crypto.randomBytes(32).toString('hex'),
  TRUST_PROXY: 'true',
  MANAGER_EMAILS: 'manager@bench.example',
  RATE_LIMIT_SIGNIN_PER_IP: '1000/15m',
  RATE_LIMIT_BOOK_PER_MEMBER: '1000/15m',
  RATE_LIMIT_BOOK_PER_IP: '1000/15m',
  ONSALE_AUTO_HOLDS_PER_MINUTE: '0',
  LOG_LEVEL: 'warn',
};
// One after the other: the first migrates the new database.
const sites = [];
for (let i = 0; i < SERVERS; i++) sites.push(await startBenchSite('127.0.0.1', siteEnv, { portOffset: i }));
const { url } = sites[0];
const stop = () => sites.forEach((site) => site.stop());
const db = new pg.Client({ connectionString: database.url });
try {
  await db.connect();
  // The day sold: 30 days ahead; its 26 slots get PLACES places in all that the bench's members (the program's
  // first tier) may buy: each slot's capacity is raised by the places the program keeps for higher tiers until
  // 48 h before (decision 0041, config/program.json), which these buyers never see.
  const day = nyDate(Date.now() + 30 * 86_400_000);
  const keptPercent = JSON.parse(fs.readFileSync('config/program.json', 'utf8')).memberPlaces.allotment;
  const percent = keptPercent.options?.[OPTION.optionId] ?? keptPercent.percent;
  const capacityFor = (places) => {
    let capacity = places;
    while (capacity - Math.floor((capacity * percent) / 100) < places) capacity += 1;
    return capacity;
  };
  const manager = browserClient(url, 'manager@bench.example');
  await manager.json('/api/dev/session', { email: 'manager@bench.example' });
  const times = Array.from({ length: 26 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
  for (const [i, time] of times.entries()) {
    const capacity = capacityFor(Math.floor(PLACES / 26) + (i < PLACES % 26 ? 1 : 0));
    const res = await manager.json('/api/staff/calendar/capacity', { optionId: OPTION.optionId, date: day, time, capacity });
    if (res.status !== 200) throw new Error(`capacity ${time}: ${res.status} ${await res.text()}`);
  }

  // Members signed in (joined, then a session each), 25 at a time; with --bulk-sign-in, written straight into
  // the database as the sign-up and the sign-in write them (a member, their membership, their first tier and
  // a next-auth session), for a machine where 20,000 sign-ins through the site would take most of an hour.
  const setupStarted = performance.now();
  const members = Array.from({ length: MEMBERS }, (_, i) => browserClient(sites[i % SERVERS].url));
  if (BULK_SIGN_IN) await signInInBulk(members);
  else {
    await inBatches(members, 25, async (m) => {
      await m.json('/api/signUp', { email: m.email, contact: { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+1 212 555 0100', country: 'US' } });
      const res = await m.json('/api/dev/session', { email: m.email });
      if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
    });
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  // The servers as those of a site that has been serving before its biggest day: each answers the calls of that
  // day (an ask of an on-sale, the day's availability) WARM_UP times each before the on-sale is scheduled. A server
  // started just before the minute (as this benchmark starts them) would otherwise also spend its first seconds
  // loading those routes and compiling their code, which a running site did long before.
  const warming = members.slice(0, WARM_UP * SERVERS);
  await inBatches(warming, 50, async (m) => {
    const asked = await m.request(`/api/onsale/${crypto.randomUUID()}`);
    const read = await m.json('/api/auth/octo/products/availability', { ...OPTION, quantities: { adult: 1 }, selectedDate: day });
    if (asked.status !== 404 || read.status !== 200) throw new Error(`warm-up: ${asked.status} ${read.status}`);
    await Promise.all([asked.arrayBuffer(), read.arrayBuffer()]);
  });

  // The on-sale opens at a whole minute (the form's precision) at least 15 s away; arrivals start 10 s before.
  const opensAt = Math.ceil((Date.now() + OPEN_AFTER_S * 1000 + 5_000) / 60_000) * 60_000;
  const scheduled = await manager.json('/api/staff/onsales', { productId: OPTION.productId, day, opensAt: nyWallClock(opensAt), ratePerMinute: RATE });
  if (scheduled.status !== 201) throw new Error(`on-sale: ${scheduled.status} ${await scheduled.text()}`);
  const onsale = await scheduled.json();
  // The buyers' processes, ready before the first arrival.
  const clients = Array.from({ length: CLIENTS }, () => fork(new URL('./onsale-buyers.mjs', import.meta.url), { stdio: 'inherit' }));
  await sleep(opensAt - OPEN_AFTER_S * 1000 - Date.now());
  const start = Date.now();
  const loadAtStart = os.loadavg().map((l) => Number(l.toFixed(1)));
  const cpuAtStart = siteCpuSeconds();
  const played = members.map((m, index) => ({ index, url: sites[index % SERVERS].url, cookies: m.cookies() }));
  const results = await Promise.all(
    clients.map(
      (client, c) =>
        new Promise((resolve, reject) => {
          client.once('message', resolve);
          client.once('exit', (code) => reject(new Error(`buyers' process ${c} ended (${code}) without its figures`)));
          client.send({ members: played.filter((_, i) => i % CLIENTS === c), total: MEMBERS, start, seconds: SECONDS, onsaleId: onsale.id, day, option: OPTION, stream: STREAM });
        }),
    ),
  );
  const answers = results.flatMap((r) => r.answers);
  const all = results.flatMap((r) => r.outcomes);
  const holdRefusals = {};
  for (const r of results) for (const [k, n] of Object.entries(r.holdRefusals)) holdRefusals[k] = (holdRefusals[k] ?? 0) + n;
  const pushes = results.reduce((sum, r) => sum + r.pushes, 0);
  const streamsCut = results.reduce((sum, r) => sum + r.streamsCut, 0);
  const benchCpuSeconds = results.reduce((sum, r) => sum + r.cpuSeconds, 0);
  const measuredSeconds = (Date.now() - start) / 1000;
  const siteCpu = siteCpuSeconds() - cpuAtStart;

  // The figures.
  const everyRequest = percentiles(answers.map((a) => a.ms));
  const fiveXX = answers.filter((a) => a.status >= 500 || a.status === 0).length;
  const { rows: sold } = await db.query(
    `select coalesce(sum(unit_count), 0)::int as places from bookings where availability_id like $1 and option_id = $2 and (status in ('CONFIRMED', 'REDEEMED') or (status = 'ON_HOLD' and expires_at > now()))`,
    [`${day}T%`, OPTION.optionId],
  );
  const { rows: ranked } = await db.query(
    `select q.position, o.created_at from onsale_queue q join orders o on o.user_id = q.user_id and o.availability_id like $2 where q.onsale_id = $1 order by o.created_at`,
    [onsale.id, `${day}T%`],
  );
  // Spearman's rho between the place in line and the order the places were held.
  const n = ranked.length;
  const byPosition = [...ranked].map((r, holdRank) => ({ position: r.position, holdRank })).sort((a, b) => a.position - b.position);
  const d2 = byPosition.reduce((sum, r, positionRank) => sum + (positionRank - r.holdRank) ** 2, 0);
  const rho = n > 1 ? 1 - (6 * d2) / (n * (n * n - 1)) : 1;
  const { rows: soldOutRow } = await db.query('select sold_out_at from onsales where id = $1', [onsale.id]);
  const soldOutAt = soldOutRow[0]?.sold_out_at ? new Date(soldOutRow[0].sold_out_at).getTime() : null;
  // Only those already in line when the last place went: a later arrival is told at once when they join.
  const seen = all.filter((o) => o.soldOutSeenAt && soldOutAt && o.arrivedAt < soldOutAt).map((o) => o.soldOutSeenAt - soldOutAt).sort((a, b) => a - b);
  const count = (result) => all.filter((o) => o.result === result && !o.error).length;
  const byWhat = Object.fromEntries(['join', 'stream', 'status', 'availability', 'hold'].map((what) => {
    const of = answers.filter((a) => a.what === what);
    const statuses = {};
    for (const a of of) statuses[a.cause ?? a.status] = (statuses[a.cause ?? a.status] ?? 0) + 1;
    return [what, { requests: of.length, ...percentiles(of.map((a) => a.ms)), statuses }];
  }));
  // The joins by the 5 s of the minute they were sent in: where the slow ones fall (the opening, a burst).
  const joins = answers.filter((a) => a.what === 'join');
  const joinTimeline = Array.from({ length: Math.ceil((Math.max(0, ...joins.map((j) => j.at)) + 1) / 5000) }, (_, i) => {
    const sent = joins.filter((j) => Math.floor(j.at / 5000) === i).map((j) => j.ms);
    return { fromSecond: i * 5, joins: sent.length, ...percentiles(sent) };
  });
  const report = {
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg().map((l) => Number(l.toFixed(1))) },
    ran: { signedIn: BULK_SIGN_IN ? 'in bulk' : 'through the site', warmUpCallsPerServer: WARM_UP * 2, waitingRoom: STREAM ? 'event stream' : 'asks', servers: SERVERS, buyersProcesses: CLIENTS, members: MEMBERS, places: PLACES, arrivalSeconds: SECONDS, ratePerMinute: RATE, scale: SCALE, signInSeconds: Math.round(setupSeconds), measuredSeconds: Math.round(measuredSeconds) },
    requests: answers.length,
    // Answers written on the waiting rooms' streams (not requests), and streams cut before their end.
    pushed: { messages: pushes, streamsCut },
    // The site's processes: CPU seconds they used in the measured time (user + system), and per request answered.
    siteCpu: { seconds: Number(siteCpu.toFixed(1)), msPerRequest: Number(((siteCpu * 1000) / Math.max(answers.length, 1)).toFixed(2)) },
    // The buyers' processes (the browsers this benchmark plays), on the same cores.
    benchCpuSeconds: Number(benchCpuSeconds.toFixed(1)),
    fiveXX,
    placesSold: sold[0].places,
    holdsAnswered201: count('place'),
    p50ms: everyRequest.p50,
    p99ms: everyRequest.p99,
    byWhat,
    joinTimeline,
    buyers: { failedOpen: all.filter((o) => o.failOpen).length, toldBusy: all.filter((o) => o.busy).length, place: count('place'), soldOut: count('soldOut'), stillInLine: count('waiting'), failed: all.filter((o) => o.error).length, errors: [...new Set(all.filter((o) => o.error).map((o) => o.error))].slice(0, 5) },
    holdRefusals,
    rankCorrelation: Number(rho.toFixed(4)),
    // After the last place was held, how long until each buyer still waiting was told (their next ask).
    soldOutNews: soldOutAt ? { firstMs: seen[0] ?? null, medianMs: seen[Math.floor(seen.length / 2)] ?? null, lastMs: seen.at(-1) ?? null, buyersTold: seen.length } : null,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} finally {
  await db.end().catch(() => undefined);
  stop();
  await database.drop();
}
