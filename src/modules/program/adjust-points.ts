// A manager's adjustment of a member's points, with a reason (decision 0044), in one transaction with its
// audit line. A credit is a confirmed 'adjustment' line that expires as earned points do. A debit takes
// its points from the confirmed, unexpired lines that expire first (their `spent`), and records itself as
// a negative 'adjustment' line that never counts in a balance: a debit larger than the balance is refused,
// so a balance never goes negative, however many managers adjust at once (the lines are locked).
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentPointsRules } from '@/config/points';
import type { Database } from '@/server/db/client';
import { memberPoints, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { todayIn } from '@/universal/local-date';
import { recordAudit, type Actor } from '../staff/audit-log';
import { pointsOf } from './points-balance';
import { pointsExpireOn } from './points-rule';

export const MAX_ADJUSTMENT = 100_000;

export type PointsAdjustment = { userId: string; points: number; note: string; by: Actor & { kind: 'staff'; email: string } };

export async function adjustPoints(db: Database, adjustment: PointsAdjustment, now: Date): Promise<{ balance: number }> {
  const { userId, points, by } = adjustment;
  const note = adjustment.note.trim();
  const today = todayIn(TIME_ZONE, now);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    // The member's row: one adjustment of a member at a time.
    const [member] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!member) throw new AppError('NOT_FOUND', 'memberNotFound');
    const lines = await tx
      .select({ id: memberPoints.id, left: sql<number>`${memberPoints.points} - ${memberPoints.spent}`.mapWith(Number) })
      .from(memberPoints)
      .where(and(eq(memberPoints.userId, userId), eq(memberPoints.state, 'confirmed'), gt(memberPoints.expiresOn, today), gt(memberPoints.points, memberPoints.spent)))
      .orderBy(asc(memberPoints.expiresOn), asc(memberPoints.earnedAt))
      .for('update');
    const balance = lines.reduce((sum, line) => sum + line.left, 0);
    const written = { userId, reason: 'adjustment' as const, points, state: 'confirmed' as const, earnedAt: now, confirmedAt: now, note, adjustedBy: by.email };
    if (points > 0) {
      await tx.insert(memberPoints).values({ ...written, expiresOn: pointsExpireOn(currentPointsRules(), today) });
    } else {
      if (-points > balance) throw new AppError('POINTS_TOO_FEW', 'pointsBelowZero', { balance, points: -points });
      let owed = -points;
      for (const line of lines) {
        if (owed === 0) break;
        const take = Math.min(owed, line.left);
        await tx.update(memberPoints).set({ spent: sql`${memberPoints.spent} + ${take}` }).where(eq(memberPoints.id, line.id));
        owed -= take;
      }
      await tx.insert(memberPoints).values({ ...written, expiresOn: null });
    }
    await recordAudit(tx, { actor: by, action: 'points.adjust', target: member.email, before: { balance }, after: { balance: balance + points, points, note } });
  });
  return { balance: (await pointsOf(db, userId, now)).balance };
}
