// A signed-in member joins an on-sale's queue (decision 0056): once per on-sale (the entry is keyed by the
// member). Before the opening they wait in the pre-queue without a place (the opening gives one at random);
// after it they take the next place at the end. Each join is one statement that takes the on-sale row's lock
// (decision 0061): the pre-queue's with a share lock (joiners do not wait for each other, the opening waits for
// them), a place at the end with the row's own lock held only for that statement, so an entry never falls
// between the opening's shuffle and the places given after it, and 300 joins a second do not queue on the lock.
// The joins a server receives at once share one statement (join-batches.ts, decision 0081).
import { and, eq } from 'drizzle-orm';
import { onsaleQueue } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { OnsaleDeps } from './deps';
import { FAIL_OPEN, orFailOpen, STORE_BUSY } from './fail-open';
import { joinAtTheEndBatched, joinPrequeueBatched } from './join-batches';
import { currentOnsale } from './onsale-reads';

/** `position`: the member's place in line (null in the pre-queue or when there is no line to join).
 * FAIL_OPEN: the store is down (go straight through); STORE_BUSY: too slow (busy, ask again). */
export type Joined = { joined: boolean; position?: number | null } | typeof FAIL_OPEN | typeof STORE_BUSY;

export async function joinQueue(deps: OnsaleDeps, onsaleId: string, userId: string): Promise<Joined> {
  const answer = await orFailOpen(deps, 'join', async () => {
    // The row as this server knows it; if the on-sale opened meanwhile, once more as it is now. A member already
    // in line is found by the statement itself (it adds nothing), then their place is read.
    for (let attempt = 0; attempt < 3; attempt++) {
      // An on-sale whose time came opens before anyone joins it: who arrives after the opening is not in the draw.
      const row = await currentOnsale(deps, onsaleId, attempt > 0);
      if (!row) return 'missing' as const;
      if (row.status !== 'SCHEDULED' && row.status !== 'OPEN') return { joined: false, position: null };
      const joined = row.status === 'SCHEDULED' ? await joinPrequeue() : await joinAtTheEnd();
      if (joined !== 'moved') return joined;
    }
    return { joined: false, position: null };
  });
  if (answer === 'missing') throw new AppError('NOT_FOUND', 'onsaleNotFound');
  return answer;

  /** Into the pre-queue while the on-sale is still SCHEDULED (the share lock waits for an opening under way). */
  async function joinPrequeue(): Promise<{ joined: boolean; position: null } | 'moved'> {
    if (await joinPrequeueBatched(deps.db, onsaleId, { userId, at: deps.now() })) return { joined: true, position: null };
    return (await stillThere()) ? { joined: false, position: null } : 'moved';
  }

  /** The next place at the end of an OPEN line: the counter and the entry in one statement. */
  async function joinAtTheEnd(): Promise<{ joined: boolean; position: number | null } | 'moved'> {
    const position = await joinAtTheEndBatched(deps.db, onsaleId, { userId, at: deps.now() });
    if (position !== undefined) return { joined: true, position };
    const entry = await stillThere();
    return entry ? { joined: false, position: entry.position } : 'moved';
  }

  /** The member's entry, if they are in (joined meanwhile, or by the statement that just found them). */
  async function stillThere() {
    const [entry] = await deps.db.select({ position: onsaleQueue.position }).from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, userId)));
    return entry;
  }
}
