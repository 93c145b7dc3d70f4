// What a signed-in request pays to know its member (decision 0075): next-auth's getServerSession (its handler
// set up for each call) against readSession (one query for the session row and its user), on the same row, one
// after the other in rounds; CPU and wall time per read, medians of the rounds.
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/session-read.mjs
// (or BENCH_DATABASE_URL; a database of its own is created and dropped). Prints one JSON line per way.
import crypto from 'node:crypto';
import { createDatabase } from './client.mjs';

const READS = Number(process.env.BENCH_READS ?? 3_000);
const ROUNDS = 5;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server where this user may create databases.');
  process.exit(2);
}
const database = await createDatabase(adminUrl);
process.env.DATABASE_URL = database.url;
process.env.NEXTAUTH_URL ??= 'http://localhost:3000';
const { getDb, closeDb } = await import('@/server/db/client');
const { sessions, users } = await import('@/server/db/schema');
const { keepSessionAlive, readSession } = await import('@/wiring/member-session');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
try {
  const db = await getDb();
  const userId = crypto.randomUUID();
  const token = crypto.randomUUID();
  await db.insert(users).values({ id: userId, email: `bench-${userId}@example.com` });
  // Not due for next-auth's daily move: both ways only read.
  await db.insert(sessions).values({ sessionToken: token, userId, expires: new Date(Date.now() + 29.5 * 86_400_000) });
  const request = () => ({ headers: { cookie: `next-auth.session-token=${token}`, host: 'localhost:3000' }, cookies: { 'next-auth.session-token': token } });
  const response = () => {
    const headers = {};
    return { getHeader: (name) => headers[name], setHeader: (name, value) => void (headers[name] = value) };
  };
  const ways = { getServerSession: () => keepSessionAlive(request(), response()), readSession: () => readSession(request()) };
  const figures = Object.fromEntries(Object.keys(ways).map((way) => [way, { cpu: [], wall: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [way, read] of Object.entries(ways)) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < READS; i++) if ((await read())?.user.id !== userId) throw new Error(`${way} did not find the member`);
      const cpu = process.cpuUsage(cpuBefore);
      figures[way].cpu.push((cpu.user + cpu.system) / 1000 / READS);
      figures[way].wall.push((performance.now() - started) / READS);
    }
  }
  for (const [way, { cpu, wall }] of Object.entries(figures)) {
    console.log(JSON.stringify({ way, reads: READS * ROUNDS, cpuMsPerRead: Number(median(cpu).toFixed(3)), wallMsPerRead: Number(median(wall).toFixed(3)) }));
  }
} finally {
  await closeDb?.();
  await database.drop();
}
