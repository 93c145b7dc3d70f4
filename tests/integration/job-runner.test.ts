// The one job runner (src/modules/jobs), in process on PGlite and (with TEST_DATABASE_URL) PostgreSQL:
// two runners on one database run each job once; a job enqueued inside a transaction commits with it and
// wakes the runner; a lane still running (a reseller's dead receiver) holds up no other lane's jobs; back-off
// doubles up to its cap and a job fails after its last attempt, while a job whose work is not due yet
// (JobNotYet) waits without spending attempts; the operator
// retries it; a dead runner's lease runs out; a recurring kind keeps one job per period.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '@/modules/jobs/enqueue';
import { jobsOverview, retryJob } from '@/modules/jobs/job-admin';
import { JOB_KINDS, retryDelayMs } from '@/modules/jobs/job-kinds';
import { startJobRunner, type JobRunner } from '@/modules/jobs/job-runner';
import { KEEP_DONE_MS, pruneJobs } from '@/modules/jobs/prune-jobs';
import { recurringKey, currentPeriodStart } from '@/modules/jobs/recurring';
import { JOB_LEASE_MS, JobGaveUp, JobNotYet, type JobHandlers } from '@/modules/jobs/run-due-jobs';
import { openDatabase, type Database, type OpenedDatabase } from '@/server/db/client';
import { deliverWebhook, WEBHOOK_TIMEOUT_MS } from '@/modules/resellers/deliver-webhooks';
import { registerWebhook } from '@/modules/resellers/octo-webhooks';
import { AppError } from '@/server/errors';
import { jobs, octoWebhooks } from '@/server/db/schema';
import { parseNetworks } from '@/server/egress/internal-addresses';
import { openTestDatabase, TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { serverNow } from '@/server/clock';

const delivery = (n: number) => ({ webhookId: `wh_${n}`, event: 'booking_update', body: `{"n":${n}}` });
const jobById = async (db: Database, id: string) => (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

describe.each(TEST_BACKENDS)('the job runner on $name', ({ adminUrl }) => {
  let postgres: TestDatabase | undefined;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  /** A second server process's connection: its own pool on PostgreSQL; PGlite has one process only. */
  let second: OpenedDatabase | undefined;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    postgres = adminUrl ? await createTestDatabase(adminUrl) : undefined;
    database = await openTestDatabase(postgres?.url);
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop();
    await second?.close();
    await database?.dispose();
    await postgres?.drop();
  });

  it('runs each of 200 jobs once with two runners on one database, woken by the enqueue and not by the poll', { timeout: 60_000 }, async () => {
    const { db } = database;
    const otherDb = postgres ? (second = await openDatabase({ databaseUrl: postgres.url, dataDir: os.tmpdir() })).db : db;
    const seen = new Map<string, string[]>();
    const handlers = (name: string): JobHandlers => ({
      'webhook.deliver': async (payload) => {
        seen.set(payload.body, [...(seen.get(payload.body) ?? []), name]);
      },
    });
    // A poll far longer than the test: only the enqueue's wake-up can start them.
    runners.push(startJobRunner(db, { handlers: handlers('a'), leasesAreStale: false, pollMs: 600_000 }));
    runners.push(startJobRunner(otherDb, { handlers: handlers('b'), leasesAreStale: false, pollMs: 600_000 }));
    // Half in one transaction (the job commits with it), half one by one, from both connections.
    await db.transaction(async (tx) => {
      for (let n = 0; n < 100; n++) await enqueue(tx as never, 'webhook.deliver', delivery(n));
    });
    for (let n = 100; n < 200; n++) await enqueue(n % 2 ? db : otherDb, 'webhook.deliver', delivery(n));
    await vi.waitFor(
      async () => {
        const done = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'done'));
        if (done.length < 200) throw new Error(`${done.length} of 200 jobs done`);
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(seen.size).toBe(200);
    expect([...seen.values()].every((runs) => runs.length === 1)).toBe(true);
    for (const runner of runners.splice(0)) await runner.stop();
  });

  it('delivers to one reseller while another’s receiver hangs until its timeout: a busy lane holds up no later pass', { timeout: 30_000 }, async () => {
    const { db } = database;
    const allowLoopback = { allowed: parseNetworks('127.0.0.0/8') };
    const events: string[] = [];
    let hung = false;
    const dying = http.createServer((req, res) => {
      // The first delivery is never answered (the delivery's own timeout ends it, closing the request); its
      // retry, due when that timeout ends, is.
      if (hung) return void res.end('ok');
      hung = true;
      events.push('the dead receiver got its delivery');
      req.on('close', () => events.push('the dead receiver’s delivery gave up'));
    });
    await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
    const live = await startWebhookReceiver([], () => events.push('the live receiver got its delivery'));
    // Woken by the enqueues and the lanes' ends only: no poll during the test.
    const deliver: JobHandlers = { 'webhook.deliver': (payload, job) => deliverWebhook(db, payload, job, allowLoopback) };
    const runner = startJobRunner(db, { handlers: deliver, leasesAreStale: false, pollMs: 600_000 });
    try {
      const dead = await registerWebhook(db, 'dead-partner', { url: `http://127.0.0.1:${(dying.address() as AddressInfo).port}/hooks`, event: 'booking_update' }, allowLoopback);
      const alive = await registerWebhook(db, 'live-partner', { url: live.url, event: 'booking_update' }, allowLoopback);
      await enqueue(db, 'webhook.deliver', { webhookId: dead.id, event: 'booking_update', body: '{"to":"dead"}' });
      await vi.waitFor(() => expect(events).toContain('the dead receiver got its delivery'), { timeout: 10_000, interval: 20 });
      // The dead receiver's lane is busy now; the other reseller's notification comes while it hangs.
      const liveJob = (await enqueue(db, 'webhook.deliver', { webhookId: alive.id, event: 'booking_update', body: '{"to":"live"}' }))!;
      await vi.waitFor(() => expect(events).toContain('the dead receiver’s delivery gave up'), { timeout: 2 * WEBHOOK_TIMEOUT_MS, interval: 20 });
      expect(events.slice(0, 3)).toEqual(['the dead receiver got its delivery', 'the live receiver got its delivery', 'the dead receiver’s delivery gave up']);
      expect(live.received.map((r) => r.json)).toEqual([{ to: 'live' }]);
      expect(await jobById(db, liveJob)).toMatchObject({ status: 'done', lane: `webhook:${alive.id}` });
      await runner.stop();
      // The later tests count the jobs they claim: nothing of this one is left for them.
      await db.delete(jobs).where(inArray(jobs.lane, [`webhook:${dead.id}`, `webhook:${alive.id}`]));
      await db.delete(octoWebhooks).where(inArray(octoWebhooks.id, [dead.id, alive.id]));
    } finally {
      await runner.stop();
      dying.closeAllConnections();
      await Promise.all([new Promise<void>((resolve) => dying.close(() => resolve())), live.close()]);
    }
  });

  it('backs off exponentially up to its cap, fails after its last attempt, and runs again when the operator retries it', async () => {
    const { db } = database;
    const id = (await enqueue(db, 'webhook.deliver', delivery(1_000)))!;
    let failing = true;
    const handlers: JobHandlers = {
      'webhook.deliver': async (payload) => {
        if (payload.body === delivery(1_000).body && failing) throw new Error('the receiver answered 503');
      },
    };
    let now = later(serverNow(), 1_000);
    const { maxAttempts } = JOB_KINDS['webhook.deliver'];
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      expect(await runJobs(db, handlers, now)).toMatchObject({ claimed: 1 });
      const job = await jobById(db, id);
      expect(job).toMatchObject({ attempts: attempt, lastError: 'the receiver answered 503', lockedBy: null });
      if (attempt === maxAttempts) break;
      expect(job.status).toBe('pending');
      const wait = retryDelayMs('webhook.deliver', attempt);
      expect(wait).toBe(Math.min(5_000 * 2 ** (attempt - 1), 3_600_000));
      expect(job.runAt.getTime() - now.getTime()).toBe(wait);
      // Not a moment before its time.
      expect(await runJobs(db, handlers, later(job.runAt, -1))).toMatchObject({ claimed: 0 });
      now = job.runAt;
    }
    expect(await jobById(db, id)).toMatchObject({ status: 'failed', attempts: maxAttempts, finishedAt: now });
    expect(await runJobs(db, handlers, later(now, 24 * 3_600_000))).toMatchObject({ claimed: 0 });

    const overview = await jobsOverview(db);
    expect(overview.failed).toContainEqual(expect.objectContaining({ id, kind: 'webhook.deliver', attempts: maxAttempts, lastError: 'the receiver answered 503' }));
    expect(overview.counts).toContainEqual({ kind: 'webhook.deliver', status: 'failed', count: 1 });

    failing = false;
    expect(await retryJob(db, id)).toEqual({ id, kind: 'webhook.deliver' });
    expect(await jobById(db, id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(await runJobs(db, handlers, later(serverNow(), 1_000))).toMatchObject({ done: 1 });
    expect(await jobById(db, id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    // Only a failed job is retried.
    await expect(retryJob(db, id)).rejects.toBeInstanceOf(AppError);
    await expect(retryJob(db, crypto.randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('fails at once when trying again cannot help, and refuses a malformed payload before writing it', async () => {
    const { db } = database;
    const id = (await enqueue(db, 'webhook.deliver', delivery(2_000)))!;
    const run = await runJobs(db, { 'webhook.deliver': () => Promise.reject(new JobGaveUp('the webhook was deleted')) }, later(serverNow(), 1_000));
    expect(run).toMatchObject({ failed: 1 });
    expect(await jobById(db, id)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'the webhook was deleted' });

    const before = (await db.select({ id: jobs.id }).from(jobs)).length;
    await expect(enqueue(db, 'webhook.deliver', { webhookId: 'wh_1' } as never)).rejects.toThrow(/payload is malformed/);
    expect((await db.select({ id: jobs.id }).from(jobs)).length).toBe(before);
  });

  it('puts a job whose work is not due yet back at the time its handler names, with no attempt spent and no error', async () => {
    const { db } = database;
    const id = (await enqueue(db, 'webhook.deliver', delivery(3_000)))!;
    const at = later(serverNow(), 1_000);
    const again = later(at, 15_000);
    let answer: 'not yet' | 'fail' | 'done' = 'not yet';
    const handlers: JobHandlers = {
      'webhook.deliver': async () => {
        if (answer === 'not yet') throw new JobNotYet(again);
        if (answer === 'fail') throw new Error('the receiver answered 503');
      },
    };
    expect(await runJobs(db, handlers, at)).toMatchObject({ claimed: 1, postponed: 1, retried: 0, failed: 0 });
    expect(await jobById(db, id)).toMatchObject({ status: 'pending', attempts: 0, lastError: null, runAt: again, lockedBy: null });
    expect(await runJobs(db, handlers, later(again, -1))).toMatchObject({ claimed: 0 });
    // Waiting, however long, never uses up the attempts; a real failure still counts and backs off.
    for (let n = 0; n < JOB_KINDS['webhook.deliver'].maxAttempts + 2; n++) await runJobs(db, handlers, again);
    expect(await jobById(db, id)).toMatchObject({ status: 'pending', attempts: 0 });
    answer = 'fail';
    expect(await runJobs(db, handlers, again)).toMatchObject({ retried: 1 });
    expect(await jobById(db, id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'the receiver answered 503' });
    answer = 'done';
    expect(await runJobs(db, handlers, later(again, retryDelayMs('webhook.deliver', 1)))).toMatchObject({ done: 1 });
    expect((await jobsOverview(db)).failed.map((job) => job.id)).not.toContain(id);
  });

  it('keeps one job per dedupe key, and rolls a job back with the transaction that enqueued it', async () => {
    const { db } = database;
    const key = `mail:${crypto.randomUUID()}`;
    const first = await enqueue(db, 'mail.send', { idempotencyKey: key }, { dedupeKey: key });
    expect(first).toBeDefined();
    expect(await enqueue(db, 'mail.send', { idempotencyKey: key }, { dedupeKey: key })).toBeUndefined();
    expect(await db.select().from(jobs).where(eq(jobs.dedupeKey, key))).toHaveLength(1);

    const rolledBack = `mail:${crypto.randomUUID()}`;
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx as never, 'mail.send', { idempotencyKey: rolledBack }, { dedupeKey: rolledBack });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(jobs).where(eq(jobs.dedupeKey, rolledBack))).toHaveLength(0);
  });

  it("claims a dead runner's job again once its lease has run out", async () => {
    const { db } = database;
    const id = (await enqueue(db, 'webhook.deliver', delivery(3_000)))!;
    const now = later(serverNow(), 1_000);
    await db.update(jobs).set({ status: 'running', attempts: 1, lockedBy: 'a dead process', lockedUntil: later(now, JOB_LEASE_MS) }).where(eq(jobs.id, id));
    const handlers: JobHandlers = { 'webhook.deliver': async () => undefined };
    expect(await runJobs(db, handlers, later(now, JOB_LEASE_MS - 1))).toMatchObject({ claimed: 0 });
    expect(await runJobs(db, handlers, later(now, JOB_LEASE_MS + 1))).toMatchObject({ claimed: 1, done: 1 });
    expect(await jobById(db, id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('forgets done jobs after a day, and keeps failed ones for the operator', async () => {
    const { db } = database;
    const now = serverNow();
    const old = later(now, -KEEP_DONE_MS - 1_000);
    const [doneLongAgo, doneRecently, failedLongAgo] = await Promise.all([4_000, 4_001, 4_002].map(async (n) => (await enqueue(db, 'webhook.deliver', delivery(n)))!));
    await db.update(jobs).set({ status: 'done', finishedAt: old }).where(eq(jobs.id, doneLongAgo!));
    await db.update(jobs).set({ status: 'done', finishedAt: now }).where(eq(jobs.id, doneRecently!));
    await db.update(jobs).set({ status: 'failed', finishedAt: old }).where(eq(jobs.id, failedLongAgo!));
    expect(await pruneJobs(db, now)).toBeGreaterThanOrEqual(1);
    const left = new Set((await db.select({ id: jobs.id }).from(jobs)).map((j) => j.id));
    expect([left.has(doneLongAgo!), left.has(doneRecently!), left.has(failedLongAgo!)]).toEqual([false, true, true]);
  });

  it('keeps one job per period of a recurring kind, however many runners start, and each run enqueues the next', async () => {
    const { db } = database;
    let sweeps = 0;
    const handlers: JobHandlers = { 'waitlist.offer': async () => void sweeps++ };
    const a = startJobRunner(db, { handlers, leasesAreStale: false, pollMs: 600_000 });
    const b = startJobRunner(db, { handlers, leasesAreStale: false, pollMs: 600_000 });
    await vi.waitFor(() => expect(sweeps).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 50 });
    await a.stop();
    await b.stop();
    const everyMs = JOB_KINDS['waitlist.offer'].everyMs;
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'waitlist.offer'));
    const keys = rows.map((r) => r.dedupeKey);
    expect(new Set(keys).size).toBe(rows.length);
    // The period the runners started in ran once (or the next one too, if the test crossed a period's end).
    const started = rows.find((r) => r.status === 'done')!;
    expect(started.dedupeKey).toBe(recurringKey('waitlist.offer', currentPeriodStart(everyMs, started.runAt)));
    expect(sweeps).toBe(rows.filter((r) => r.status === 'done').length);
    // And the next period waits for its time.
    expect(rows.some((r) => r.status === 'pending' && r.runAt.getTime() % everyMs === 0 && r.runAt > started.runAt)).toBe(true);
  });
});

