// GET /api/dev/outbox?to=EMAIL: the outbox's messages to one address, newest first. Demo mode only.
import { z } from 'zod';
import { devMailboxEnabled, readOutbox } from '@/wiring/mail';
import { emailSchema } from '@/modules/accounts/email';
import { jsonRoute } from '@/http/route';
import { AppError } from '@/server/errors';

const query = z.object({ to: emailSchema });

export default jsonRoute({
  method: 'GET',
  access: 'public',
  async handle({ req }) {
    if (!devMailboxEnabled()) throw new AppError('NOT_FOUND', 'notFound');
    const { to } = query.parse(req.query);
    const messages = await readOutbox(to);
    return {
      status: 200,
      body: messages.map((m) => ({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        attachments: (m.attachments ?? []).map((a) => a.filename),
        createdAt: m.createdAt.toISOString(),
      })),
    };
  },
});
