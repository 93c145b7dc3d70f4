// Spending points on a reward (decision 0042), inside the transaction that records the order: the member's
// confirmed, unexpired lines are locked oldest expiry first and what the reward costs is counted on them
// (`spent`, held 0 ≤ spent ≤ points by the database), then one negative line (reason 'reward:<id>') names
// the order. Concurrent spends of one member wait on the same row locks, so the second sees what the
// first took: the balance never goes below zero and a point is never spent twice. The spend's line moves
// pending (order unpaid) → confirmed (order paid) → void (given back: the hold ran out or was released, the
// payment came too late, or the booking was cancelled before its visit), each move conditional.
import { and, asc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import type { Database } from '@/server/db/client';
import { memberPoints } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { todayIn } from '@/universal/local-date';
import { pointsStates } from './points-states';

export type GiveBackReason = 'unpaid' | 'cancelled' | 'refunded';

const isSpend = like(memberPoints.reason, 'reward:%');

/** Takes `points` from the member's balance for the order; throws NOT_ENOUGH_POINTS (changing nothing)
 * when the balance is short. */
export async function spendPoints(tx: Database, spend: { userId: string; rewardId: string; points: number; orderId: string }, at: Date): Promise<void> {
  const today = todayIn(TIME_ZONE, at);
  const lines = await tx
    .select({ id: memberPoints.id, points: memberPoints.points, spent: memberPoints.spent })
    .from(memberPoints)
    .where(and(eq(memberPoints.userId, spend.userId), eq(memberPoints.state, 'confirmed'), gt(memberPoints.expiresOn, today), gt(memberPoints.points, memberPoints.spent)))
    .orderBy(asc(memberPoints.expiresOn), asc(memberPoints.earnedAt), asc(memberPoints.id))
    .for('update');
  const drawn: { lineId: string; points: number }[] = [];
  let left = spend.points;
  for (const line of lines) {
    if (left === 0) break;
    const take = Math.min(left, line.points - line.spent);
    drawn.push({ lineId: line.id, points: take });
    left -= take;
  }
  if (left > 0) throw new AppError('NOT_ENOUGH_POINTS', 'notEnoughPoints', { points: spend.points });
  for (const draw of drawn) {
    // Under the row lock taken above; the condition is the database's own guard all the same.
    const [taken] = await tx
      .update(memberPoints)
      .set({ spent: sql`${memberPoints.spent} + ${draw.points}` })
      .where(and(eq(memberPoints.id, draw.lineId), sql`${memberPoints.points} - ${memberPoints.spent} >= ${draw.points}`))
      .returning({ id: memberPoints.id });
    if (!taken) throw new AppError('NOT_ENOUGH_POINTS', 'notEnoughPoints', { points: spend.points });
  }
  await tx.insert(memberPoints).values({
    userId: spend.userId,
    reason: `reward:${spend.rewardId}`,
    points: -spend.points,
    state: 'pending',
    orderId: spend.orderId,
    earnedAt: at,
    drawnFrom: drawn,
  });
}

/** The order was paid: its spend stands. */
export async function confirmSpend(tx: Database, orderId: string, at: Date): Promise<void> {
  await tx
    .update(memberPoints)
    .set({ state: pointsStates.transition('pending', 'confirmed'), confirmedAt: at })
    .where(and(eq(memberPoints.orderId, orderId), isSpend, eq(memberPoints.state, 'pending')));
}

/** The order did not go through, or was cancelled before its visit: the points go back to the very lines
 * they came from (a line that expired meanwhile stays expired). Answers how many points came back. */
export async function giveBackSpend(tx: Database, orderId: string, reason: GiveBackReason, at: Date): Promise<number> {
  const closed = await tx
    .update(memberPoints)
    .set({ state: 'void', closedAt: at, closeReason: reason })
    .where(and(eq(memberPoints.orderId, orderId), isSpend, inArray(memberPoints.state, ['pending', 'confirmed'])))
    .returning({ points: memberPoints.points, drawnFrom: memberPoints.drawnFrom });
  let back = 0;
  for (const line of closed) {
    for (const draw of line.drawnFrom ?? []) {
      await tx
        .update(memberPoints)
        .set({ spent: sql`${memberPoints.spent} - ${draw.points}` })
        .where(and(eq(memberPoints.id, draw.lineId), sql`${memberPoints.spent} >= ${draw.points}`));
    }
    back -= line.points;
  }
  return back;
}
