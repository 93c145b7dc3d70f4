// The gate under the race (decision 0033): members change and cancel their bookings while the gates scan
// the same bookings' tickets, each scan fired together with its booking's change or cancellation at a
// random offset from -20 to +20 ms, ROUNDS rounds of PAIRS races at once. Measures the scans per second and
// their p95 through POST /api/staff/gate/scan, and counts the double admissions, as the API shows them: a
// scan that admitted (VALID) a ticket whose booking was then changed (new tickets issued). Goal: zero. An
// admitted booking cancelled afterwards is allowed (its refund is the policy's, which the member was shown:
// decision 0033) and counted apart. Bounded: ROUNDS × PAIRS races, and each call answers or fails.
// Runs on the embedded database, and on PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
// names a server where that user may create databases.
//   node bench/gate-race.mjs          (needs a build: npx next build)
import os from 'node:os';
import { browserClient, createDatabase } from './client.mjs';
import { gateEmail, startGateBenchSite } from './site.mjs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Tomorrow's slots still sold: the first is booked, a later one is where changes go. */
async function tomorrowSlots(client) {
  const selectedDate = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
  const res = await client.json('/api/auth/octo/products/availability', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedDate });
  return (await res.json()).filter((s) => s.available);
}

/** One paid booking of one adult: its reference and its ticket's signed code. */
async function buy(member, selectedTime) {
  const started = await member.json('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime });
  if (started.status !== 201) throw new Error(`Book refused (${started.status}): ${await started.text()}`);
  const { paymentSession } = await started.json();
  const paid = await member.json('/api/payments/test/pay', { sessionId: paymentSession.id, card: CARD });
  if (!paid.ok) throw new Error(`payment refused (${paid.status}): ${await paid.text()}`);
  const { order } = await paid.json();
  return { reference: order.reference, code: order.tickets[0].code };
}

async function change(member, booking, later) {
  const res = await member.json('/api/bookings/change', { bookingId: booking.reference, quantities: { adult: 1 }, selectedTime: later, confirm: true });
  const body = await res.json();
  if (res.status >= 500) throw new Error(`change answered ${res.status}: ${JSON.stringify(body)}`);
  return res.status === 200 && body.changed === true;
}

async function cancel(member, booking) {
  const terms = await member.json('/api/bookings/cancel', { bookingId: booking.reference });
  if (terms.status >= 500) throw new Error(`cancel terms answered ${terms.status}`);
  if (terms.status !== 200) return false;
  const { terms: shown } = await terms.json();
  const res = await member.json('/api/bookings/cancel', { bookingId: booking.reference, confirm: true, expectedRefund: shown.refund });
  if (res.status >= 500) throw new Error(`cancel answered ${res.status}: ${await res.text()}`);
  return res.status === 200;
}

async function run(backend) {
  const database = backend === 'PostgreSQL' ? await createDatabase(adminUrl) : undefined;
  const gates = Array.from({ length: PAIRS }, (_, i) => gateEmail(i + 1));
  const { url, stop } = await startGateBenchSite(PAIRS, database, { UNPAID_BOOKINGS_PER_MEMBER: '10' });
  try {
    const member = browserClient(url);
    await member.signIn();
    const slots = await tomorrowSlots(member);
    if (slots.length < 2) throw new Error('tomorrow has fewer than two slots on sale');
    const [first, later] = [slots[0].id, slots.at(-1).id];
    const clients = gates.map((email) => browserClient(url, email));
    for (const client of clients) await client.signIn({ join: false });
    await clients[0].json('/api/staff/gate/scan', { code: 'TKT-00000000', gate: 'warm-up' });

    const times = [];
    const verdicts = {};
    let doubles = 0;
    let changed = 0;
    let cancelled = 0;
    let admittedThenCancelled = 0;
    let racing = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const bookings = [];
      for (let i = 0; i < PAIRS; i++) bookings.push(await buy(member, first));
      const started = performance.now();
      await Promise.all(
        bookings.map(async (booking, i) => {
          const offset = Math.round(Math.random() * 40 - 20);
          const byChange = (round + i) % 2 === 0;
          const [verdict, done] = await Promise.all([
            pause(offset).then(async () => {
              const at = performance.now();
              const res = await clients[i].json('/api/staff/gate/scan', { code: booking.code, gate: `Gate ${i + 1}` });
              const answer = await res.json();
              times.push(performance.now() - at);
              if (res.status >= 500) throw new Error(`scan answered ${res.status}: ${JSON.stringify(answer)}`);
              return answer.verdict;
            }),
            pause(-offset).then(() => (byChange ? change(member, booking, later) : cancel(member, booking))),
          ]);
          verdicts[verdict] = (verdicts[verdict] ?? 0) + 1;
          if (done && byChange) changed++;
          if (done && !byChange) cancelled++;
          // Admitted, and yet its booking took new tickets: one place admitted twice.
          if (verdict === 'VALID' && done && byChange) doubles++;
          if (verdict === 'VALID' && done && !byChange) admittedThenCancelled++;
        }),
      );
      racing += performance.now() - started;
    }
    return {
      backend,
      scans: times.length,
      scansPerSecond: Math.round((times.length / racing) * 1000 * 10) / 10,
      median: Math.round(percentile(times, 50)),
      p95: Math.round(percentile(times, 95)),
      verdicts,
      changed,
      cancelled,
      admittedThenCancelled,
      doubleAdmissions: doubles,
    };
  } finally {
    stop();
    await database?.drop();
  }
}

const results = [await run('PGlite')];
if (adminUrl) results.push(await run('PostgreSQL'));
for (const result of results) console.log(JSON.stringify({ ...result, cores: os.cpus().length, pairs: PAIRS, rounds: ROUNDS }));
