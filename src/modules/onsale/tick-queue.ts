// The queue's clock work, done by whichever server a waiting buyer asks first (decision 0056): at most once a
// second per on-sale, under the on-sale row's lock (`FOR UPDATE SKIP LOCKED`: a server that finds it taken
// leaves the tick to the one that has it), so two servers never let the same buyers through twice and a
// restart loses nothing.
// - Opening: the pre-queue (entries without a place) is put in a random order once, with crypto's random
//   numbers, in the transaction that moves the on-sale from SCHEDULED to OPEN; later arrivals join the end.
// - Admission: a token bucket on the row: `allowance` grows by `ratePerMinute` a minute (at most one minute's
//   worth, so a quiet spell is no burst later) and `servedThrough` moves on by as many whole tokens as there
//   are buyers waiting.
// - An automatic queue (auto-queue.ts) ends when its `endsAt` has passed.
import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { arrayLiteral } from '@/server/db/array-literal';
import type { Database } from '@/server/db/client';
import { onsaleQueue, onsales } from '@/server/db/schema';
import { metrics } from '@/server/metrics';
import { onsaleStates } from './onsale-states';
import type { OnsaleRow } from './onsale-row';

/** How often the queue moves on, at most. */
export const TICK_MS = 1000;

const due = (row: OnsaleRow, now: Date) =>
  (row.status === 'SCHEDULED' && row.opensAt <= now) ||
  (row.status === 'OPEN' && (!row.tickedAt || now.getTime() - row.tickedAt.getTime() >= TICK_MS || (row.endsAt !== null && row.endsAt <= now)));

/** A uniformly random order of `items` (Fisher-Yates with crypto.randomInt). */
export function cryptoShuffle<T>(items: readonly T[]): T[] {
  const shuffled = [...items];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled;
}

/** Opens the on-sale or lets the next buyers through when it is due; answers the row as it now is. */
export async function tickQueue(db: Database, row: OnsaleRow, now: Date): Promise<OnsaleRow> {
  if (!due(row, now)) return row;
  const ticked = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(onsales).where(eq(onsales.id, row.id)).for('update', { skipLocked: true });
    if (!locked || !due(locked, now)) return undefined;
    if (locked.status === 'SCHEDULED') return openQueue(tx, locked, now);
    if (locked.endsAt && locked.endsAt <= now) {
      const [ended] = await tx.update(onsales).set({ status: onsaleStates.transition('OPEN', 'ENDED') }).where(and(eq(onsales.id, locked.id), eq(onsales.status, 'OPEN'))).returning();
      return ended;
    }
    const elapsed = locked.tickedAt ? now.getTime() - locked.tickedAt.getTime() : 0;
    const tokens = Math.min(locked.ratePerMinute, locked.allowance + (locked.ratePerMinute * elapsed) / 60_000);
    const admit = Math.max(0, Math.min(Math.floor(tokens), locked.nextPosition - locked.servedThrough));
    const [moved] = await tx
      .update(onsales)
      .set({ servedThrough: locked.servedThrough + admit, allowance: tokens - admit, tickedAt: now })
      .where(eq(onsales.id, locked.id))
      .returning();
    if (admit > 0) metrics().onsaleAdmissions.inc(admit);
    return moved;
  });
  return ticked ?? (await db.select().from(onsales).where(eq(onsales.id, row.id)))[0] ?? row;
}

async function openQueue(tx: Database, row: OnsaleRow, now: Date): Promise<OnsaleRow | undefined> {
  const waiting = await tx
    .select({ userId: onsaleQueue.userId })
    .from(onsaleQueue)
    .where(and(eq(onsaleQueue.onsaleId, row.id), isNull(onsaleQueue.position)));
  const order = cryptoShuffle(waiting.map((w) => w.userId));
  if (order.length > 0) {
    const positions = order.map((_, i) => i + 1);
    await tx.execute(sql`
      update onsale_queue q set position = v.position
      from unnest(${arrayLiteral(order)}::text[], ${arrayLiteral(positions)}::int[]) as v(user_id, position)
      where q.onsale_id = ${row.id} and q.user_id = v.user_id and q.position is null`);
  }
  const [opened] = await tx
    .update(onsales)
    .set({ status: onsaleStates.transition('SCHEDULED', 'OPEN'), nextPosition: order.length, servedThrough: 0, allowance: 0, tickedAt: now })
    .where(and(eq(onsales.id, row.id), eq(onsales.status, 'SCHEDULED')))
    .returning();
  return opened;
}
