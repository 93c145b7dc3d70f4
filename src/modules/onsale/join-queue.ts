// A signed-in member joins an on-sale's queue (decision 0056): once per on-sale (the entry is keyed by the
// member). Before the opening they wait in the pre-queue without a place (the opening gives one at random);
// after it they take the next place at the end. Under the on-sale row's lock, so that an entry never falls
// between the opening's shuffle and the places given after it.
import { and, eq, sql } from 'drizzle-orm';
import { onsaleQueue, onsales } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { OnsaleDeps } from './deps';
import { FAIL_OPEN, orFailOpen, STORE_BUSY } from './fail-open';
import { tickQueue } from './tick-queue';

/** FAIL_OPEN: the store is down (go straight through); STORE_BUSY: too slow (busy, ask again). */
export type Joined = { joined: boolean } | typeof FAIL_OPEN | typeof STORE_BUSY;

export async function joinQueue(deps: OnsaleDeps, onsaleId: string, userId: string): Promise<Joined> {
  const answer = await orFailOpen(deps, 'join', async () => {
    const { db } = deps;
    const [existing] = await db.select({ userId: onsaleQueue.userId }).from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, userId)));
    if (existing) return { joined: false };
    // Read outside the lock; if the on-sale opened meanwhile, once more with the lock an open one takes.
    for (let attempt = 0; attempt < 3; attempt++) {
      const [read] = await db.select().from(onsales).where(eq(onsales.id, onsaleId));
      if (!read) return 'missing' as const;
      // An on-sale whose time came opens before anyone joins it: who arrives after the opening is not in the draw.
      const row = await tickQueue(db, read, deps.now());
      if (row.status !== 'SCHEDULED' && row.status !== 'OPEN') return { joined: false };
      const joined = await joinAs(row.status);
      if (joined !== 'opened') return joined;
    }
    return { joined: false };
  });
  if (answer === 'missing') throw new AppError('NOT_FOUND', 'onsaleNotFound');
  return answer;

  function joinAs(status: 'SCHEDULED' | 'OPEN'): Promise<{ joined: boolean } | 'opened'> {
    return deps.db.transaction(async (tx) => {
      // A share lock for the pre-queue (joiners do not wait for each other), the row's own for a place at the end.
      const lock = status === 'SCHEDULED' ? 'share' : 'update';
      const [locked] = await tx.select({ status: onsales.status }).from(onsales).where(eq(onsales.id, onsaleId)).for(lock);
      if (locked?.status === 'SCHEDULED') {
        const inserted = await tx.insert(onsaleQueue).values({ onsaleId, userId, joinedAt: deps.now() }).onConflictDoNothing().returning();
        return { joined: inserted.length > 0 };
      }
      if (locked?.status !== 'OPEN') return { joined: false };
      if (lock !== 'update') return 'opened';
      const inserted = await tx.insert(onsaleQueue).values({ onsaleId, userId, joinedAt: deps.now() }).onConflictDoNothing().returning();
      if (inserted.length === 0) return { joined: false };
      const [counted] = await tx
        .update(onsales)
        .set({ nextPosition: sql`${onsales.nextPosition} + 1` })
        .where(eq(onsales.id, onsaleId))
        .returning({ position: onsales.nextPosition });
      await tx.update(onsaleQueue).set({ position: counted!.position }).where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, userId)));
      return { joined: true };
    });
  }
}
