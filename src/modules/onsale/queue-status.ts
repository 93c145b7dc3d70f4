// Where a member stands in an on-sale's queue (decision 0056), asked every few seconds by the queue page:
// the ask moves the queue on (tick-queue.ts), then answers the member's phase. A member let through gets
// their pass (queue-pass.ts), valid PASS_MINUTES from the moment they were first let through.
import { and, count, eq, isNull } from 'drizzle-orm';
import { onsaleQueue, onsales } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { metrics } from '@/server/metrics';
import type { OnsaleDeps } from './deps';
import { FAIL_OPEN, orFailOpen, STORE_BUSY } from './fail-open';
import { PASS_MINUTES, signPass } from './queue-pass';
import { onsaleView, type OnsaleView } from './schedule-onsale';
import { tickQueue } from './tick-queue';

export type QueuePhase =
  /** Not in this queue yet. */
  | 'notInQueue'
  /** Waiting for the opening; the place is drawn then. */
  | 'prequeue'
  /** In line: `ahead` buyers before them, about `estimatedWaitSeconds` to wait. */
  | 'waiting'
  /** Let through: `pass` lets them book until `passExpiresAt`. */
  | 'admitted'
  /** Let through, and the pass was used for a booking (once). */
  | 'passUsed'
  /** Let through, but the pass ran out before it was used. */
  | 'passExpired'
  /** The last place was held before their turn came. */
  | 'soldOut'
  /** No queue any more (ended or cancelled): straight through. */
  | 'over'
  /** The queue's store answered too slowly: still in line, nobody let through; ask again (decision 0056). */
  | 'busy';

export type QueueStatus = {
  onsale: Pick<OnsaleView, 'id' | 'productId' | 'day' | 'opensAt' | 'status'>;
  phase: QueuePhase;
  /** The place in line (1: next), while waiting. */
  position: number | null;
  ahead: number | null;
  estimatedWaitSeconds: number | null;
  /** Buyers gathered before the opening. */
  inPrequeue: number | null;
  pass: string | null;
  passExpiresAt: string | null;
};

/** The member's status; FAIL_OPEN when the queue's store is down (then they go straight through), STORE_BUSY
 * when it answers too slowly (then they stay in line and ask again). */
export async function queueStatus(deps: OnsaleDeps, onsaleId: string, userId: string): Promise<QueueStatus | typeof FAIL_OPEN | typeof STORE_BUSY> {
  const answer = await orFailOpen(deps, 'status', async () => {
    const { db } = deps;
    const now = deps.now();
    const [read] = await db.select().from(onsales).where(eq(onsales.id, onsaleId));
    if (!read) return 'missing' as const;
    const row = await tickQueue(db, read, now);
    const view = onsaleView(row);
    const base: QueueStatus = {
      onsale: { id: view.id, productId: view.productId, day: view.day, opensAt: view.opensAt, status: view.status },
      phase: 'notInQueue',
      position: null,
      ahead: null,
      estimatedWaitSeconds: null,
      inPrequeue: null,
      pass: null,
      passExpiresAt: null,
    };
    if (row.status === 'OPEN') metrics().onsaleQueueLength.set(view.waiting);
    const [entry] = await db.select().from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, userId)));
    if (row.status === 'ENDED' || row.status === 'CANCELLED') return { ...base, phase: 'over' as const };
    const admitted = entry?.position != null && row.status === 'OPEN' && entry.position <= row.servedThrough;
    if (row.soldOutAt && !entry?.admittedAt) return { ...base, phase: 'soldOut' as const };
    if (!entry) return base;
    if (row.status === 'SCHEDULED' || entry.position === null) {
      const [gathered] = await db.select({ n: count() }).from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), isNull(onsaleQueue.position)));
      return { ...base, phase: 'prequeue' as const, inPrequeue: gathered?.n ?? 0 };
    }
    if (!admitted) {
      const ahead = entry.position - row.servedThrough - 1;
      return { ...base, phase: 'waiting' as const, position: ahead + 1, ahead, estimatedWaitSeconds: Math.ceil(((ahead + 1) * 60) / row.ratePerMinute) };
    }
    if (entry.passUsedAt) return { ...base, phase: 'passUsed' as const };
    let admittedAt = entry.admittedAt;
    if (!admittedAt) {
      // The first ask after their turn came starts the pass's time (once, whichever server answers).
      const [marked] = await db
        .update(onsaleQueue)
        .set({ admittedAt: now })
        .where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, userId), isNull(onsaleQueue.admittedAt)))
        .returning({ admittedAt: onsaleQueue.admittedAt });
      admittedAt = marked?.admittedAt ?? (await db.select().from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, userId))))[0]?.admittedAt ?? now;
    }
    const expiresAt = new Date(admittedAt.getTime() + PASS_MINUTES * 60_000);
    if (expiresAt <= now) return { ...base, phase: 'passExpired' as const };
    return { ...base, phase: 'admitted' as const, pass: signPass({ onsaleId, userId, expiresAt }, deps.secret), passExpiresAt: expiresAt.toISOString() };
  });
  if (answer === 'missing') throw new AppError('NOT_FOUND', 'onsaleNotFound');
  return answer;
}
