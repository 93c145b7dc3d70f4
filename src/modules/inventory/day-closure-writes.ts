// A manager's closure of a day written or removed, inside the caller's transaction (which records the
// audit entry with it). The closed days bind holds at once: a hold reads its day's closure under the
// slot lock (check-places.ts).
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { dayClosures } from '@/server/db/schema';

/** Closes (or re-closes with a new reason) a day; returns the reason it had before, or null when it was open. */
export async function writeClosure(tx: Database, closure: { date: string; reason: string; closedBy: string; at: Date }): Promise<{ before: string | null; changed: boolean }> {
  const [before] = await tx.select().from(dayClosures).where(eq(dayClosures.localDate, closure.date)).for('update');
  if (before?.reason === closure.reason) return { before: before.reason, changed: false };
  await tx
    .insert(dayClosures)
    .values({ localDate: closure.date, reason: closure.reason, closedBy: closure.closedBy, closedAt: closure.at })
    .onConflictDoUpdate({ target: dayClosures.localDate, set: { reason: closure.reason, closedBy: closure.closedBy, closedAt: closure.at } });
  return { before: before?.reason ?? null, changed: true };
}

/** Reopens a day a manager closed; returns the reason it was closed for, or undefined when it was open. */
export async function removeClosure(tx: Database, date: string): Promise<string | undefined> {
  const [removed] = await tx.delete(dayClosures).where(eq(dayClosures.localDate, date)).returning();
  return removed?.reason;
}
