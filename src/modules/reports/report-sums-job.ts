// The recurring `reports.summed-days` job (decision 0057): the sales, occupancy, visits (decision 0059) and
// tokens and program points (decision 0064) reports' ended days summed (summed-days.ts), hourly on the one job runner.
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { log } from '@/server/log';
import type { JobHandlers } from '../jobs/run-due-jobs';
import { OCCUPANCY_SUMS } from './occupancy-days';
import { POINTS_SUMS } from './points-days';
import { SALES_SUMS } from './sales-days';
import { sumReportDays } from './summed-days';
import { TOKENS_SUMS } from './tokens-days';
import { VISITS_SUMS } from './visits-days';

/** Every summed report brought up to `now`; answers the days summed of each. */
export async function sumReports(db: Database, now: Date, timeZone = TIME_ZONE): Promise<{ sales: number; occupancy: number; visits: number; tokens: number; points: number }> {
  const sales = await sumReportDays(db, SALES_SUMS, now, timeZone);
  const occupancy = await sumReportDays(db, OCCUPANCY_SUMS, now, timeZone);
  const visits = await sumReportDays(db, VISITS_SUMS, now, timeZone);
  const tokens = await sumReportDays(db, TOKENS_SUMS, now, timeZone);
  const points = await sumReportDays(db, POINTS_SUMS, now, timeZone);
  return { sales, occupancy, visits, tokens, points };
}

/** The runner's handler (src/wiring/jobs.ts; tests run it with a clock of their own). */
export function reportSumsJobHandlers(db: Database): Pick<JobHandlers, 'reports.summed-days'> {
  return {
    'reports.summed-days': async (_, job) => {
      const days = await sumReports(db, job.now);
      if (Object.values(days).some((n) => n > 0))
        log.info(`[reports] days summed: ${days.sales} of sales, ${days.occupancy} of occupancy, ${days.visits} of visits, ${days.tokens} of tokens, ${days.points} of points`);
    },
  };
}
