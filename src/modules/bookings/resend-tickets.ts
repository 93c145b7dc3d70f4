// Sends a confirmed order's tickets e-mail again (the visitor lost it), in their language, through the
// mail queue; recorded in the audit log.
import { eq } from 'drizzle-orm';
import type { MailTransport } from '@/ports/mail';
import type { Database } from '@/server/db/client';
import { memberships, orders, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { renderTicketsEmail } from '../checkout/tickets-email';
import { sendMailNow, enqueueMail } from '../email/mail-queue';
import { recordAudit, type Actor } from '../staff/audit-log';

export async function resendTickets(deps: { db: Database; mail: MailTransport; siteUrl: string }, reference: string, by: Actor): Promise<{ to: string }> {
  const upper = reference.trim().toUpperCase();
  const [row] = await deps.db
    .select({ order: orders, email: users.email, firstName: memberships.firstName, lastName: memberships.lastName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(orders.supplierReference, upper));
  if (!row) throw new AppError('NOT_FOUND', 'noSuchReference', { reference: upper });
  if (row.order.status !== 'CONFIRMED') throw new AppError('NOT_CONFIRMED', 'noTicketsToSend', { reference: upper });
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ');
  const message = await renderTicketsEmail(row.order, { email: row.email, name }, deps.siteUrl);
  const key = `tickets-again:${row.order.id}:${Date.now()}`;
  await deps.db.transaction(async (tx) => {
    await enqueueMail(tx, key, message);
    await recordAudit(tx, { actor: by, action: 'booking.resend', target: upper, after: { to: row.email } });
  });
  await sendMailNow(deps.db, deps.mail, key);
  return { to: row.email };
}
