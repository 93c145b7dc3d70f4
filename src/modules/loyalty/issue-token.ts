// The `loyalty.issue` job: issue one earned token. The runner leases the job, so two processes never issue
// the same row at once; a failure is retried with back-off, so a token is never lost while the issuer is
// down, and an issuer answers the same token when called again with the same issue (ports/collectibles.ts).
import { eq } from 'drizzle-orm';
import type { CollectiblesIssuer } from '@/ports/collectibles';
import { DROPS } from '@/config/drops';
import type { Database } from '@/server/db/client';
import { tokenIssues, users } from '@/server/db/schema';
import { JobGaveUp } from '../jobs/run-due-jobs';
import { serverNow } from '@/server/clock';

export async function issueToken(db: Database, issuer: CollectiblesIssuer, issueId: string): Promise<void> {
  const [row] = await db.select().from(tokenIssues).where(eq(tokenIssues.id, issueId));
  // The member deleted their account: nothing to issue.
  if (!row || row.status === 'issued') return;
  const drop = DROPS.find((d) => d.id === row.dropId);
  if (!drop) throw new JobGaveUp(`the drop ${row.dropId} is gone`);
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  if (!owner) return;
  const { tokenId } = await issuer.issue(
    { issueId: row.id, dropId: drop.id, poapEventId: drop.poapEventId, email: owner.email, mintLink: row.mintLink },
    async (mintLink) => {
      await db.update(tokenIssues).set({ mintLink }).where(eq(tokenIssues.id, row.id));
    },
  );
  await db.update(tokenIssues).set({ status: 'issued', tokenId, issuedAt: serverNow() }).where(eq(tokenIssues.id, row.id));
}
