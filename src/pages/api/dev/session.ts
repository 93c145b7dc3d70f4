// POST /api/dev/session {"email": "..."}: signs a member who joined, or a staff address, in at once, with
// next-auth's own session cookie: browser tests that are not about signing in skip the e-mailed link.
// Demo mode only (docs/decisions/0031): a production site answers 404.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { emailSchema } from '@/modules/accounts/email';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { startDevSession } from '@/wiring/dev-session';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: z.strictObject({ email: emailSchema }),
  async handle({ body, res }) {
    if (!getEnv().SKYPASS_DEMO) throw new AppError('NOT_FOUND', 'notFound');
    const { userId, expires } = await startDevSession(res, body.email);
    return { status: 200, body: { userId, expires: expires.toISOString() } };
  },
});
