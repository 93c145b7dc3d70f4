// The readiness behind GET /api/health (decision 0046), in process on PGlite and PostgreSQL: ready while the
// database answers and the background work keeps up; unready once a due job has waited longer than the
// threshold for a runner (a job waiting behind its own lane's running job does not count), or while the
// database is down or too slow to answer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readiness } from '@/modules/health/readiness';
import { enqueue } from '@/modules/jobs/enqueue';
import { jobLagByKind } from '@/modules/jobs/job-lag';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { openBackendDatabase } from '../support/database';
import { TEST_BACKENDS } from '../support/database';

const MINUTE = 60_000;

describe.each(TEST_BACKENDS)('readiness on $name', ({ adminUrl }) => {
  let opened: Awaited<ReturnType<typeof openBackendDatabase>>;
  let db: Database;
  const now = serverNow();
  const check = (maxLagSeconds = 600) => readiness(async () => db, { maxLagSeconds, now });

  beforeAll(async () => {
    opened = await openBackendDatabase(adminUrl);
    db = opened.db;
  });
  afterAll(async () => opened?.dispose());

  it('is ready with the database up and no job waiting', async () => {
    expect(await check()).toEqual({ status: 'ready', database: 'up', jobs: { status: 'ok', lagSeconds: 0, maxLagSeconds: 600 } });
  });

  it('is unready once a due job has waited longer than the threshold, and says by how much', async () => {
    const id = await enqueue(db, 'mail.send', { idempotencyKey: 'observe-late' }, { runAt: new Date(now.getTime() - 20 * MINUTE) });
    // Not due yet: no lag.
    await enqueue(db, 'mail.send', { idempotencyKey: 'observe-later' }, { runAt: new Date(now.getTime() + 60 * MINUTE) });
    expect(await check()).toEqual({ status: 'unready', database: 'up', jobs: { status: 'behind', lagSeconds: 1200, maxLagSeconds: 600 } });
    expect(await jobLagByKind(db, now)).toMatchObject({ 'mail.send': 1200, 'webhook.deliver': 0, 'payments.check': 0 });
    // A threshold of 0 never fails readiness on the jobs.
    expect(await check(0)).toMatchObject({ status: 'ready', jobs: { status: 'ok', lagSeconds: 1200 } });
    await db.update(jobs).set({ status: 'done', finishedAt: now }).where(eq(jobs.id, id!));
    expect(await check()).toMatchObject({ status: 'ready', jobs: { lagSeconds: 0 } });
  });

  it('leaves out a job that waits behind its own lane’s running job: that partner is slow, not the runners', async () => {
    const delivery = (event: string) => ({ webhookId: 'slow-partner', event, body: '{}' });
    const running = await enqueue(db, 'webhook.deliver', delivery('first'), { runAt: new Date(now.getTime() - 30 * MINUTE) });
    await enqueue(db, 'webhook.deliver', delivery('second'), { runAt: new Date(now.getTime() - 25 * MINUTE) });
    await db.update(jobs).set({ status: 'running', lockedBy: 'worker-1', lockedUntil: new Date(now.getTime() + MINUTE) }).where(eq(jobs.id, running!));
    expect((await jobLagByKind(db, now))['webhook.deliver']).toBe(0);
    expect(await check()).toMatchObject({ status: 'ready' });
    // Its running job ended: the next one waits for a runner, and counts.
    await db.update(jobs).set({ status: 'done', finishedAt: now }).where(eq(jobs.id, running!));
    expect((await jobLagByKind(db, now))['webhook.deliver']).toBe(1500);
    await db.update(jobs).set({ status: 'done', finishedAt: now }).where(eq(jobs.kind, 'webhook.deliver'));
  });

  it('is unready, naming nothing but what was checked, while the database is out of reach or too slow', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const down = { status: 'unready', database: 'down', jobs: { status: 'unknown', lagSeconds: null, maxLagSeconds: 600 } };
    expect(await readiness(() => Promise.reject(refused), { maxLagSeconds: 600, now })).toEqual(down);
    expect(await readiness(() => new Promise<Database>(() => undefined), { maxLagSeconds: 600, now, timeoutMs: 50 })).toEqual(down);
  });
});
