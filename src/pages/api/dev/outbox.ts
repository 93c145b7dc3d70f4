// GET /api/dev/outbox?to=EMAIL: the outbox's messages to one address, newest first. Demo mode only.
import { z } from 'zod';
import { devMailboxEnabled } from '@/adapters/mail';
import { listOutbox } from '@/adapters/mail/outbox';
import { emailSchema } from '@/modules/accounts/email';
import { jsonRoute } from '@/server/api/json-route';
import { getDb } from '@/server/db/client';
import { AppError } from '@/server/errors';

const query = z.object({ to: emailSchema });

export default jsonRoute({
  method: 'GET',
  async handle({ req }) {
    if (!devMailboxEnabled()) throw new AppError(404, 'NOT_FOUND', 'Not found');
    const { to } = query.parse(req.query);
    const messages = await listOutbox(await getDb(), to);
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
