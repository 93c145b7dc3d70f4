// E-mails that must not be lost: written to the mail queue in the transaction of the change they tell
// of, delivered by a sender that records a row as sent only after the mail transport took it. A crash
// between the two leaves the row pending, so the mail goes at least once; its idempotency key keeps a
// second row from ever being written, and lets the outbox transport keep one copy of a repeat.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { MailMessage, MailTransport } from '@/ports/mail';
import type { Database } from '@/server/db/client';
import { mailQueue } from '@/server/db/schema';

/** While a sender works on a row: longer than the SMTP adapter's longest wait. */
export const MAIL_LEASE_MS = 30_000;
const FIRST_RETRY_MS = 10_000;
const LAST_RETRY_MS = 30 * 60_000;

export function mailRetryMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LAST_RETRY_MS);
}

/** Queues a message under its idempotency key, in the caller's transaction; queuing it again changes nothing. */
export async function enqueueMail(tx: Database, idempotencyKey: string, message: MailMessage): Promise<void> {
  const { attachments, ...rest } = message;
  await tx
    .insert(mailQueue)
    .values({
      ...rest,
      idempotencyKey,
      status: 'pending',
      // The sender compares with its own clock, not the database's.
      nextAttemptAt: new Date(),
      attachments: attachments?.map(({ content, ...a }) => ({ ...a, base64: content.toString('base64') })) ?? null,
    })
    .onConflictDoNothing({ target: mailQueue.idempotencyKey });
}

export type MailRun = { sent: number; failed: number };

/** Delivers the due messages (or only the one with `idempotencyKey`): each is leased first, so two
 * senders never work on one row, and marked sent after the transport returned. */
export async function deliverQueuedMail(db: Database, transport: MailTransport, options: { idempotencyKey?: string; now?: Date; batch?: number } = {}): Promise<MailRun> {
  const now = options.now ?? new Date();
  const due = and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, now), options.idempotencyKey ? eq(mailQueue.idempotencyKey, options.idempotencyKey) : undefined);
  const candidates = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(due)
    .orderBy(asc(mailQueue.createdAt))
    .limit(options.batch ?? 20)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(mailQueue)
    .set({ nextAttemptAt: new Date(now.getTime() + MAIL_LEASE_MS), attempts: sql`${mailQueue.attempts} + 1` })
    .where(and(inArray(mailQueue.id, candidates), due))
    .returning();

  const run: MailRun = { sent: 0, failed: 0 };
  for (const row of leased) {
    try {
      await transport.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        attachments: row.attachments?.map(({ base64, ...a }) => ({ ...a, content: Buffer.from(base64, 'base64') })),
        idempotencyKey: row.idempotencyKey,
      });
    } catch (error) {
      console.error(`[mail] ${row.idempotencyKey} could not be sent (attempt ${row.attempts}); it is tried again later`, error);
      await db
        .update(mailQueue)
        .set({ nextAttemptAt: new Date(now.getTime() + mailRetryMs(row.attempts)), lastError: (error as Error).message.slice(0, 500) })
        .where(eq(mailQueue.id, row.id));
      run.failed++;
      continue;
    }
    await db.update(mailQueue).set({ status: 'sent', sentAt: new Date(), lastError: null }).where(eq(mailQueue.id, row.id));
    run.sent++;
  }
  return run;
}

/** At start-up on a database no other process uses: pending messages are due at once (a dead process's
 * lease, or a wait before a retry, which a restart may as well cut short). */
export async function releaseMailLeases(db: Database, now = new Date()): Promise<void> {
  await db.update(mailQueue).set({ nextAttemptAt: now }).where(and(eq(mailQueue.status, 'pending'), gt(mailQueue.nextAttemptAt, now)));
}
