// E-mails that must not be lost: written to the mail queue in the transaction of the change they tell
// of, with a `mail.send` job (src/modules/jobs) that records the row as sent only after the mail transport
// took it. A crash between the two leaves the job to run again, so the mail goes at least once; the
// idempotency key keeps a second row (and job) from ever being written, and lets the outbox transport keep
// one copy of a repeat.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MailMessage, MailTransport } from '@/ports/mail';
import type { Database } from '@/server/db/client';
import { mailQueue } from '@/server/db/schema';
import { enqueue } from '../jobs/enqueue';
import { JobGaveUp, runDueJobs } from '../jobs/run-due-jobs';
import { serverNow } from '@/server/clock';
import { log } from '@/server/log';

const jobKey = (idempotencyKey: string) => `mail:${idempotencyKey}`;

/** Queues a message under its idempotency key, in the caller's transaction; queuing it again changes nothing. */
export async function enqueueMail(tx: Database, idempotencyKey: string, message: MailMessage): Promise<void> {
  // An address on the reserved .invalid domain (RFC 2606) can never receive mail: the box office's walk-up
  // visitor who gave no address (decision 0053).
  if (message.to.toLowerCase().endsWith('.invalid')) return;
  const { attachments, ...rest } = message;
  const [row] = await tx
    .insert(mailQueue)
    .values({
      ...rest,
      idempotencyKey,
      status: 'pending',
      attachments: attachments?.map(({ content, ...a }) => ({ ...a, base64: content.toString('base64') })) ?? null,
    })
    .onConflictDoNothing({ target: mailQueue.idempotencyKey })
    .returning({ id: mailQueue.id });
  // Every caller sends its e-mail itself after the commit (sendMailNow); the runner has it if that fails.
  if (row) await enqueue(tx, 'mail.send', { idempotencyKey }, { dedupeKey: jobKey(idempotencyKey), wake: false });
}

/** The `mail.send` job: hands the queued message to the transport, then marks it sent. */
export async function sendQueuedMail(db: Database, transport: MailTransport, idempotencyKey: string): Promise<void> {
  const [row] = await db.select().from(mailQueue).where(eq(mailQueue.idempotencyKey, idempotencyKey));
  if (!row) throw new JobGaveUp(`no queued message ${idempotencyKey}`);
  if (row.status === 'sent') return;
  await transport.send({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments?.map(({ base64, ...a }) => ({ ...a, content: Buffer.from(base64, 'base64') })),
    idempotencyKey: row.idempotencyKey,
  });
  await db.update(mailQueue).set({ status: 'sent', sentAt: serverNow() }).where(eq(mailQueue.id, row.id));
}

/** Right after the commit that queued it, the use case sends its e-mail itself, through the runner's claim
 * (so it never races a runner); a failure leaves the job to the runner's retries. */
export async function sendMailNow(db: Database, transport: MailTransport, idempotencyKey: string): Promise<void> {
  try {
    const workerId = `inline-${crypto.randomUUID()}`;
    await runDueJobs(db, { 'mail.send': (job) => sendQueuedMail(db, transport, job.idempotencyKey) }, { workerId, dedupeKey: jobKey(idempotencyKey) });
  } catch (error) {
    log.error(`[mail] ${idempotencyKey} waits for the job runner`, { error });
  }
}
