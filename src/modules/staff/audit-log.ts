// The audit log: every staff action, and every cancellation whoever made it. Written in the transaction
// of the change it records, so the log and the data never disagree.
import { and, desc, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';

/** Who did something: a staff user, a member (their own booking), or the operator API's key. */
export type Actor = { kind: 'staff' | 'member'; userId: string; email: string } | { kind: 'operator' };

export type AuditEntry = { actor: Actor; action: string; target: string; before?: unknown; after?: unknown };

export async function recordAudit(tx: Database, entry: AuditEntry): Promise<void> {
  const { actor } = entry;
  await tx.insert(auditLog).values({
    actorKind: actor.kind,
    actorUserId: actor.kind === 'operator' ? null : actor.userId,
    actorEmail: actor.kind === 'operator' ? null : actor.email,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type AuditRow = typeof auditLog.$inferSelect;

/** The newest entries first; `before` pages back. */
export async function listAudit(db: Database, options: { limit?: number; before?: Date } = {}): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(options.before ? lt(auditLog.at, options.before) : undefined))
    .orderBy(desc(auditLog.at))
    .limit(Math.min(options.limit ?? 100, 500));
}
