// Embedded default: tokens minted into our own database, one per issue, with the drop's artwork.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { localTokens } from '@/server/db/schema';
import type { CollectiblesIssuer } from '@/ports/collectibles';

export function createLocalIssuer(db: Database): CollectiblesIssuer {
  return {
    name: 'local',
    async collection(email) {
      const rows = await db.select().from(localTokens).where(eq(localTokens.owner, email));
      return rows.map((r) => ({ tokenId: r.id, dropId: r.dropId, eventId: null, createdAt: r.mintedAt.toISOString() }));
    },
    async issue({ issueId, dropId, email }) {
      // One token per issue, however often this is called.
      await db
        .insert(localTokens)
        .values({ id: `tok_${crypto.randomBytes(10).toString('hex')}`, issueId, dropId, owner: email })
        .onConflictDoNothing({ target: localTokens.issueId });
      const [token] = await db.select({ id: localTokens.id }).from(localTokens).where(eq(localTokens.issueId, issueId));
      return { tokenId: token!.id };
    },
  };
}
