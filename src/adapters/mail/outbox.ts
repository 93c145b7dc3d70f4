// Embedded default: every message is stored in the database and its text printed to the server log,
// so that a demo or a test can follow a sign-in link without any mail server.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { outboxMessages } from '@/server/db/schema';
import type { MailMessage, MailTransport } from '@/ports/mail';
import { log } from '@/server/log';

export function createOutboxTransport(getDb: () => Promise<Database>): MailTransport {
  return {
    name: 'outbox',
    async send(message) {
      const db = await getDb();
      const { attachments, ...rest } = message;
      const added = await db
        .insert(outboxMessages)
        .values({
          ...rest,
          attachments: attachments?.map(({ content, ...a }) => ({ ...a, base64: content.toString('base64') })) ?? null,
        })
        // A message delivered again (a sender that crashed before recording the first delivery) is kept once.
        .onConflictDoNothing({ target: outboxMessages.idempotencyKey })
        .returning({ id: outboxMessages.id });
      if (added.length) log.info(`[mail:outbox] to ${message.to}: ${message.subject} (its text: the outbox, /dev/mailbox in the demo)`);
    },
  };
}

/** A stored message; its attachments keep their content as base64. */
export type OutboxEntry = Omit<MailMessage, 'attachments' | 'idempotencyKey'> & {
  id: string;
  createdAt: Date;
  attachments: { filename: string; cid: string; contentType: string; base64: string }[] | null;
};

/** The newest messages first; to one address when `to` is given. */
export async function listOutbox(db: Database, to?: string, limit = 50): Promise<OutboxEntry[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
}
