// POST /api/dev/session {"email": "..."}: signs a member who joined, or a staff address, in at once, with
// next-auth's own session cookie: browser tests that are not about signing in skip the e-mailed link.
// Only where the demo mailbox is open (demo mode without SMTP_URL, docs/decisions/0031): there anyone may
// already read any address's sign-in link, so this opens no new door; elsewhere it answers 404.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { emailSchema } from '@/modules/accounts/email';
import { AppError } from '@/server/errors';
import { startDevSession } from '@/wiring/dev-session';
import { devMailboxEnabled } from '@/wiring/mail';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'public',
  body: z.strictObject({ email: emailSchema }),
  async handle({ body, res }) {
    if (!devMailboxEnabled()) throw new AppError('NOT_FOUND', 'notFound');
    const { userId, expires } = await startDevSession(res, body.email);
    return { status: 200, body: { userId, expires: expires.toISOString() } };
  },
});
