// The worker's step: issue the tokens that are due. Each row is leased before the issuer is called, so
// two workers never issue the same row; a failure is retried later with exponential backoff, so a token
// is never lost while the issuer is down.
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { CollectiblesIssuer } from '@/ports/collectibles';
import { DROPS } from '@/config/drops';
import type { Database } from '@/server/db/client';
import { tokenIssues, users } from '@/server/db/schema';

/** While a worker holds a row. Short, so that a crashed worker's tokens are issued again within a
 * minute of a restart; an issuer slower than this is harmless, as an issuer answers the same token when
 * called again with the same issue (ports/collectibles.ts). */
const LEASE_MS = 30_000;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60 * 60_000;

export function backoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LAST_RETRY_MS);
}

export type IssueRun = { issued: number; failed: number };

export async function issuePendingTokens(db: Database, issuer: CollectiblesIssuer, now = new Date(), batch = 20): Promise<IssueRun> {
  const due = db
    .select({ id: tokenIssues.id })
    .from(tokenIssues)
    .where(and(eq(tokenIssues.status, 'pending'), lte(tokenIssues.nextAttemptAt, now)))
    .orderBy(asc(tokenIssues.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(tokenIssues)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${tokenIssues.attempts} + 1` })
    .where(and(inArray(tokenIssues.id, due), eq(tokenIssues.status, 'pending'), lte(tokenIssues.nextAttemptAt, now)))
    .returning();

  const run: IssueRun = { issued: 0, failed: 0 };
  for (const row of leased) {
    const drop = DROPS.find((d) => d.id === row.dropId);
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    try {
      if (!drop || !owner) throw new Error(`the drop ${row.dropId} or its member is gone`);
      const { tokenId } = await issuer.issue(
        { issueId: row.id, dropId: drop.id, poapEventId: drop.poapEventId, email: owner.email, mintLink: row.mintLink },
        async (mintLink) => {
          await db.update(tokenIssues).set({ mintLink }).where(eq(tokenIssues.id, row.id));
        },
      );
      await db
        .update(tokenIssues)
        .set({ status: 'issued', tokenId, issuedAt: new Date(), lastError: null })
        .where(eq(tokenIssues.id, row.id));
      run.issued++;
    } catch (error) {
      await db
        .update(tokenIssues)
        .set({ nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)), lastError: (error as Error).message.slice(0, 500) })
        .where(eq(tokenIssues.id, row.id));
      run.failed++;
    }
  }
  return run;
}

/** At start-up on a database no other process uses: tokens a dead process had leased are due at once.
 * (A token held back, the welcome token, has never been attempted and keeps its time.) */
export async function releaseTokenLeases(db: Database, now = new Date()): Promise<void> {
  await db
    .update(tokenIssues)
    .set({ nextAttemptAt: now })
    .where(and(eq(tokenIssues.status, 'pending'), gt(tokenIssues.nextAttemptAt, now), gt(tokenIssues.attempts, 0)));
}
