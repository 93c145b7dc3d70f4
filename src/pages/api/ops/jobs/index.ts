// POST /api/ops/jobs {}: the background jobs counted by kind and status, and the failed ones (npm run ops -- jobs).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { jobsOverview } from '@/modules/jobs/job-admin';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: z.strictObject({}),
  async handle() {
    return { status: 200, body: await jobsOverview(await getDb()) };
  },
});
