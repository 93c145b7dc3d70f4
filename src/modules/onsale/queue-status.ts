// Where a member stands in an on-sale's queue (decision 0056), asked every few seconds by the queue page:
// the ask moves the queue on (tick-queue.ts), then answers the member's phase. A member let through gets
// their pass (queue-pass.ts), valid PASS_MINUTES from the moment they were first let through.
import { and, eq, isNull } from 'drizzle-orm';
import { onsaleQueue } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { metrics } from '@/server/metrics';
import type { OnsaleDeps } from './deps';
import { FAIL_OPEN, orFailOpen, STORE_BUSY } from './fail-open';
import { PASS_MINUTES, signPass } from './queue-pass';
import { onsaleView, type OnsaleView } from './schedule-onsale';
import { longestPollMs, queuePollDelay } from '@/universal/queue-poll';
import { currentOnsale, drawnPosition, prequeueCount } from './onsale-reads';

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
  /** The member's place in line since the opening (1: the first let through), for their ticket; not shown. */
  place?: number;
  /** How many are waiting in line, for when to ask again; not shown. */
  lineLength?: number;
};

/** How soon the waiting room should ask again, as this server tells it (decision 0061): queuePollDelay, give or
 * take a tenth at random, so that buyers who came together do not keep asking together. */
export function pollAfterMs(status: Pick<QueueStatus, 'phase' | 'estimatedWaitSeconds' | 'onsale' | 'lineLength'>, now: Date): number {
  return Math.round(queuePollDelay(status, now.getTime(), 0, longestPollMs(status.lineLength ?? 0)) * (0.9 + Math.random() * 0.2));
}

/** What a member is told of their status, on the ask and on the waiting room's stream alike: everything but what
 * is kept for the server (the place, for the ticket; the line's length), and when to ask again. */
export function shownStatus(status: QueueStatus, now: Date): Omit<QueueStatus, 'place' | 'lineLength'> & { pollAfterMs: number } {
  const { place, lineLength, ...shown } = status;
  void place;
  void lineLength;
  return { ...shown, pollAfterMs: pollAfterMs(status, now) };
}

/** The member's status; FAIL_OPEN when the queue's store is down (then they go straight through), STORE_BUSY
 * when it answers too slowly (then they stay in line and ask again). `known`: the place their ticket says
 * (queue-ticket.ts; null: in the pre-queue), which spares the read of their entry while they wait. */
export async function queueStatus(deps: OnsaleDeps, onsaleId: string, userId: string, known?: { position: number | null }): Promise<QueueStatus | typeof FAIL_OPEN | typeof STORE_BUSY> {
  const answer = await orFailOpen(deps, 'status', async () => {
    const { db } = deps;
    const now = deps.now();
    const row = await currentOnsale(deps, onsaleId);
    if (!row) return 'missing' as const;
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
    if (row.status === 'ENDED' || row.status === 'CANCELLED') return { ...base, phase: 'over' as const };
    const waiting = (position: number) => {
      if (row.soldOutAt) return { ...base, phase: 'soldOut' as const };
      const ahead = position - row.servedThrough - 1;
      return { ...base, phase: 'waiting' as const, position: ahead + 1, ahead, estimatedWaitSeconds: Math.ceil(((ahead + 1) * 60) / row.ratePerMinute), place: position, lineLength: view.waiting };
    };
    const prequeue = async () => ({ ...base, phase: 'prequeue' as const, inPrequeue: await prequeueCount(deps, onsaleId) });
    // The cheap answers, from the ticket's place (or the opening's draw, read once per server) and the row.
    if (known && row.status === 'SCHEDULED' && known.position === null) return prequeue();
    const place = known?.position ?? (known && row.status === 'OPEN' && deps.cacheMs ? await drawnPosition(deps, onsaleId, userId) : undefined);
    if (place !== undefined && place !== null && row.status === 'OPEN' && place > row.servedThrough) return waiting(place);

    const [entry] = await db.select().from(onsaleQueue).where(and(eq(onsaleQueue.onsaleId, onsaleId), eq(onsaleQueue.userId, userId)));
    const admitted = entry?.position != null && row.status === 'OPEN' && entry.position <= row.servedThrough;
    if (row.soldOutAt && !entry?.admittedAt) return { ...base, phase: 'soldOut' as const };
    if (!entry) return base;
    if (row.status === 'SCHEDULED' || entry.position === null) return prequeue();
    if (!admitted) return waiting(entry.position);
    if (entry.passUsedAt) return { ...base, phase: 'passUsed' as const, place: entry.position };
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
    if (expiresAt <= now) return { ...base, phase: 'passExpired' as const, place: entry.position };
    return { ...base, phase: 'admitted' as const, pass: signPass({ onsaleId, userId, expiresAt }, deps.secret), passExpiresAt: expiresAt.toISOString(), place: entry.position };
  });
  if (answer === 'missing') throw new AppError('NOT_FOUND', 'onsaleNotFound');
  return answer;
}
