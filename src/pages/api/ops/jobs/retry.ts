// POST /api/ops/jobs/retry {id}: a failed job runs again, with all its attempts (npm run ops -- jobs retry <id>).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { retryJob } from '@/modules/jobs/job-admin';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: z.strictObject({ id: z.uuid() }),
  async handle({ body }) {
    return { status: 200, body: await retryJob(await getDb(), body.id) };
  },
});
