// GET /api/metrics: this process's Prometheus metrics, for the operator's key (Bearer OPS_API_KEY; wrong keys
// are throttled like every operator call). Each instance of the site answers for itself: scrape each one
// (docs/decisions/0046). The job lag is read from the jobs table now, at the scrape.
import { jsonRoute } from '@/http/route';
import { jobLagByKind } from '@/modules/jobs/job-lag';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { isDatabaseUnavailable } from '@/server/db/unavailable';
import { log } from '@/server/log';
import { METRICS_CONTENT_TYPE, metrics, metricsText } from '@/server/metrics';

async function readJobLag(): Promise<void> {
  const { jobLag } = metrics();
  try {
    const lag = await jobLagByKind(await getDb(), serverNow());
    for (const [kind, seconds] of Object.entries(lag)) jobLag.set({ kind }, seconds);
  } catch (error) {
    // The rest of the metrics still tell what this process sees; a lag left unknown is no lag of 0.
    jobLag.reset();
    if (!isDatabaseUnavailable(error)) log.error('[metrics] the job lag could not be read', { error });
  }
}

export default jsonRoute({
  method: 'GET',
  access: 'operator',
  async handle() {
    await readJobLag();
    return { status: 200, body: await metricsText(), contentType: METRICS_CONTENT_TYPE() };
  },
});
