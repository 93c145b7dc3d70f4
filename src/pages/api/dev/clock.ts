// POST /api/dev/clock {"at": "<ISO instant>"}: moves the server's clock (it runs on from there), so a browser
// test can reach a hold's expiry or the visit day; {} only reads it, so that a browser's clock can be set to
// agree. Demo mode only (docs/decisions/0031); every visitor of this server process sees the new time.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { serverNow, setServerClock } from '@/server/clock';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: z.strictObject({ at: z.iso.datetime({ offset: true }).optional() }),
  async handle({ body }) {
    if (!getEnv().SKYPASS_DEMO) throw new AppError('NOT_FOUND', 'notFound');
    if (body.at) setServerClock(new Date(body.at));
    return { status: 200, body: { now: serverNow().toISOString() } };
  },
});
