// How far the background work is behind: for each kind, the age of its oldest job that is due and that a
// runner could take now but none has. A job waiting behind its own lane's running job (a slow partner's
// webhook) is not counted: that lane is busy, not the runners (job-runner.ts). Read by the health check
// (readiness) and by the metrics at scrape time (docs/decisions/0046).
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rowsOf } from '@/server/db/sql-rows';
import { JOB_KINDS } from './job-kinds';

/** Seconds behind, by kind: every kind listed, 0 where nothing waits. */
export async function jobLagByKind(db: Database, now: Date): Promise<Record<string, number>> {
  const rows = await rowsOf<{ kind: string; oldest: string | Date }>(
    db,
    sql`
    select waiting.kind, min(waiting.run_at) as oldest
    from jobs waiting
    where waiting.status = 'pending' and waiting.run_at <= ${now.toISOString()}::timestamptz
      and not exists (select 1 from jobs busy where busy.status = 'running' and busy.lane is not distinct from waiting.lane)
    group by waiting.kind`,
  );
  const lag: Record<string, number> = Object.fromEntries(Object.keys(JOB_KINDS).map((kind) => [kind, 0]));
  for (const { kind, oldest } of rows) lag[kind] = Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000);
  return lag;
}

/** The largest lag of any kind, in seconds. */
export const largestLag = (lag: Record<string, number>): number => Math.max(0, ...Object.values(lag));
