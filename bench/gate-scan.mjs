// Scan-to-answer time at the gate: 20 gate users, each on a session of their own, scan tickets through
// POST /api/staff/gate/scan (the call /staff/gate makes for a QR read by the camera): at a busy gate's
// steady pace, and in bursts where all 20 scan at the same moment. Each ticket is
// scanned twice: first admitted (VALID: a write under the one-admission-per-ticket index), then again
// (ALREADY USED: reads only). Time from sending the scan to the whole answer; medians and p95 per pass.
// Runs on the embedded database, and on PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL)
// names a server where that user may create databases.
//   node bench/gate-scan.mjs          (needs a build: npx next build)
// Writes the figures into README.md. Goal: p95 under 150 ms.
import fs from 'node:fs';
import os from 'node:os';
import { browserClient, createDatabase } from './client.mjs';
import { gateEmail, startGateBenchSite } from './site.mjs';

const GATES = Number(process.env.BENCH_GATES ?? 20);
const SCANS_PER_GATE = Number(process.env.BENCH_SCANS_PER_GATE ?? 40);
const TICKETS_PER_ORDER = 10;
/** Burst: between two rounds, the next visitors step up to the gates. */
const BURST_PAUSE_MS = 1_000;
/** Steady: each gate scans a ticket every 2 s. */
const STEADY_EVERY_MS = 2_000;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** The next slots still sold, in order (today's, then the next days'), as the availability call lists them. */
async function upcomingSlots(client) {
  const slots = [];
  for (let day = 0; slots.length < 12 && day < 7; day++) {
    const selectedDate = new Date(Date.now() + day * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    const res = await client.json('/api/auth/octo/products/availability', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: TICKETS_PER_ORDER }, selectedDate });
    slots.push(...(await res.json()).filter((s) => s.available));
  }
  return slots;
}

/** Paid orders of one member until `count` tickets: their signed codes, as the QR codes carry them. */
async function ticketCodes(url, count) {
  const buyer = browserClient(url);
  await buyer.signIn();
  const slots = await upcomingSlots(buyer);
  const codes = [];
  for (let i = 0; codes.length < count; i++) {
    const slot = slots[Math.floor(i / 10) % slots.length];
    const started = await buyer.json('/api/auth/octo/bookings/payWithPayment', { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: TICKETS_PER_ORDER }, selectedTime: slot.id });
    if (started.status !== 201) throw new Error(`Book refused (${started.status}): ${await started.text()}`);
    const { paymentSession } = await started.json();
    const paid = await buyer.json('/api/payments/test/pay', { sessionId: paymentSession.id, card: CARD });
    if (!paid.ok) throw new Error(`payment refused (${paid.status}): ${await paid.text()}`);
    codes.push(...(await paid.json()).order.tickets.map((t) => t.code));
  }
  return codes.slice(0, count);
}

/** Every gate scans its share, one scan after the other. `burst`: all gates at the same moment, round after
 * round, a second apart (the worst case: 20 scans arrive together). `steady`: each gate at its own pace, a
 * scan every 2 s starting at a random moment (a busy gate: 1,800 visitors an hour each, 10 scans a second
 * in all). The time of every scan in ms. */
async function scanPass(gates, shares, expected, mode) {
  const times = [];
  const scanOne = async (gate, g, code) => {
    const started = performance.now();
    const res = await gate.json('/api/staff/gate/scan', { code, gate: `Gate ${g + 1}` });
    const answer = await res.json();
    times.push(performance.now() - started);
    if (answer.verdict !== expected) throw new Error(`gate ${g + 1} expected ${expected}, got ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
  };
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  if (mode === 'burst') {
    for (let round = 0; round < shares[0].length; round++) {
      await Promise.all(gates.map((gate, g) => scanOne(gate, g, shares[g][round])));
      await pause(BURST_PAUSE_MS);
    }
  } else {
    await Promise.all(
      gates.map(async (gate, g) => {
        await pause(Math.random() * STEADY_EVERY_MS);
        for (const code of shares[g]) {
          const started = performance.now();
          await scanOne(gate, g, code);
          await pause(Math.max(0, STEADY_EVERY_MS - (performance.now() - started)));
        }
      }),
    );
  }
  return times;
}

async function run(backend) {
  const database = backend === 'PostgreSQL' ? await createDatabase(adminUrl) : undefined;
  const gates = Array.from({ length: GATES }, (_, i) => gateEmail(i + 1));
  const { url, stop } = await startGateBenchSite(GATES, database);
  try {
    const codes = await ticketCodes(url, GATES * SCANS_PER_GATE);
    const clients = gates.map((email) => browserClient(url, email));
    for (const client of clients) await client.signIn({ join: false });
    // Half the tickets for each mode, each scanned twice: admitted (VALID), then again (ALREADY USED).
    const half = Math.floor(SCANS_PER_GATE / 2);
    const sharesOf = (offset) => clients.map((_, g) => codes.slice(g * SCANS_PER_GATE + offset, g * SCANS_PER_GATE + offset + half));
    // Warm up the route with one scan of a reference that names nothing.
    await clients[0].json('/api/staff/gate/scan', { code: 'TKT-00000000', gate: 'warm-up' });
    const figures = (times) => ({ median: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)), scans: times.length });
    const result = { backend };
    for (const [mode, offset] of [['steady', 0], ['burst', half]]) {
      const shares = sharesOf(offset);
      const admit = await scanPass(clients, shares, 'VALID', mode);
      const again = await scanPass(clients, shares.map((share) => [...share].reverse()), 'ALREADY_USED', mode);
      result[mode] = { admit: figures(admit), again: figures(again) };
    }
    return result;
  } finally {
    stop();
    await database?.drop();
  }
}

const results = [await run('PGlite')];
if (adminUrl) results.push(await run('PostgreSQL'));
const stamp = new Date().toISOString().slice(0, 10);
const rows = results.flatMap((r) =>
  ['steady', 'burst'].map((mode) => `| ${r.backend} | ${mode === 'steady' ? 'each gate every 2 s (10 scans/s)' : 'all 20 at the same moment'} | ${r[mode].admit.median} ms | ${r[mode].admit.p95} ms | ${r[mode].again.median} ms | ${r[mode].again.p95} ms | ${r[mode].admit.scans} + ${r[mode].again.scans} |`),
).join('\n');
const table = `<!-- gate:start -->\n${GATES} gate users on sessions of their own, ${os.cpus().length} cores (${stamp}, \`node bench/gate-scan.mjs\`); goal p95 under 150 ms:\n\n| database | scans | admitted (VALID): median | p95 | scanned again (ALREADY USED): median | p95 | scans |\n|---|---|---|---|---|---|---|\n${rows}\n<!-- gate:end -->`;
const readme = fs.readFileSync('README.md', 'utf8');
fs.writeFileSync('README.md', readme.includes('<!-- gate:start -->') ? readme.replace(/<!-- gate:start -->[\s\S]*<!-- gate:end -->/, table) : readme.replace('<!-- weight:start -->', `${table}\n\n<!-- weight:start -->`));
console.log(table);
fs.mkdirSync('bench/results', { recursive: true });
fs.writeFileSync(`bench/results/gate-scan-${Date.now()}.json`, JSON.stringify(results, null, 2));
