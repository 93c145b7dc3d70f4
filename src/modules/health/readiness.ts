// Whether this server can serve (GET /api/health, for load balancers): the database answers within a short
// time, and the background work is not too far behind (the oldest due job a runner could take). The answer
// names what was checked and how it went, nothing more: no address, no error message, no stack.
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { log } from '@/server/log';
import { jobLagByKind, largestLag } from '../jobs/job-lag';
import { TimedOut, within } from '@/universal/within-time';

/** Long enough for a busy database, short enough for a load balancer's check (theirs time out at 2 to 5 s). */
export const DATABASE_CHECK_MS = 1_500;

export type Readiness = {
  status: 'ready' | 'unready';
  database: 'up' | 'down';
  /** The jobs' lag against its threshold; unknown while the database is down. */
  jobs: { status: 'ok' | 'behind' | 'unknown'; lagSeconds: number | null; maxLagSeconds: number };
};

export type ReadinessOptions = { maxLagSeconds: number; now: Date; timeoutMs?: number };

export async function readiness(openDb: () => Promise<Database>, options: ReadinessOptions): Promise<Readiness> {
  const { maxLagSeconds, now } = options;
  const timeoutMs = options.timeoutMs ?? DATABASE_CHECK_MS;
  let lag: number;
  try {
    lag = await within(
      (async () => {
        const db = await openDb();
        await db.execute(sql`select 1`);
        return largestLag(await jobLagByKind(db, now));
      })(),
      timeoutMs,
    );
  } catch (error) {
    // Down, or too slow to count as up; any other failure (a database that cannot be opened) is logged too.
    if (!(error instanceof TimedOut) && !isDatabaseUnavailable(error)) log.warn('[health] the readiness check failed', { error });
    return { status: 'unready', database: 'down', jobs: { status: 'unknown', lagSeconds: null, maxLagSeconds } };
  }
  const behind = maxLagSeconds > 0 && lag > maxLagSeconds;
  return {
    status: behind ? 'unready' : 'ready',
    database: 'up',
    jobs: { status: behind ? 'behind' : 'ok', lagSeconds: Math.round(lag), maxLagSeconds },
  };
}
