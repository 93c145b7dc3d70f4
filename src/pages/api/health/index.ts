// GET /api/health: readiness, for load balancers (docs/decisions/0046). 200 {"status":"ready",…} when the
// database answers within 1.5 s and the background work is not behind; 503 {"status":"unready",…} otherwise.
// GET /api/health?live (or /api/health/live): liveness, the process answers, whatever the database does.
import { jsonRoute } from '@/http/route';
import { readiness } from '@/modules/health/readiness';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';

export default jsonRoute({
  method: 'GET',
  access: 'public',
  async handle({ req }) {
    if (req.query.live !== undefined) return { status: 200, body: { status: 'live' } };
    const ready = await readiness(getDb, { maxLagSeconds: getEnv().HEALTH_MAX_JOB_LAG_SECONDS, now: serverNow() });
    return { status: ready.status === 'ready' ? 200 : 503, body: ready };
  },
});
