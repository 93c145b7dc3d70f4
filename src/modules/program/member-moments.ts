// A member's Sky Moments as the profile shows them (decision 0043): each challenge's progress ("2 of 4"),
// done once completed; a hidden challenge not yet done tells nothing but that it exists (its id is replaced
// so that the page gives no hint); and the completions the profile has not yet toasted.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { memberChallenges } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { challengeEvidence } from './challenge-evidence';
import { challengeProgress } from './challenge-rules';

/** `id` "secret" for a hidden challenge still to do (its points then 0: nothing of it is told). */
export type MemberChallenge = { id: string; secret: boolean; done: boolean; have: number; need: number; points: number };
export type MemberMoments = { challenges: MemberChallenge[]; unseen: string[] };

export const SECRET_CHALLENGE_ID = 'secret';

export async function memberMoments(db: Database, userId: string, now: Date): Promise<MemberMoments> {
  const { challenges } = currentProgram();
  if (challenges.length === 0) return { challenges: [], unseen: [] };
  const [rows, evidence] = await Promise.all([
    db.select({ id: memberChallenges.challengeId, seenAt: memberChallenges.seenAt }).from(memberChallenges).where(eq(memberChallenges.userId, userId)),
    challengeEvidence(db, userId),
  ]);
  const completed = new Set(rows.map((row) => row.id));
  const today = todayIn(TIME_ZONE, now);
  return {
    challenges: challenges.map((challenge) => {
      // Done is what was recorded: a visit taken back later does not undo a completed challenge.
      if (completed.has(challenge.id)) {
        const need = challengeProgress(challenge.rule, evidence, today).need;
        return { id: challenge.id, secret: false, done: true, have: need, need, points: challenge.points };
      }
      if (challenge.hidden) return { id: SECRET_CHALLENGE_ID, secret: true, done: false, have: 0, need: 1, points: 0 };
      const { have, need } = challengeProgress(challenge.rule, evidence, today);
      return { id: challenge.id, secret: false, done: false, have, need, points: challenge.points };
    }),
    unseen: rows.filter((row) => row.seenAt === null && challenges.some((c) => c.id === row.id)).map((row) => row.id),
  };
}

/** The member saw the toasts of these completions (POST /api/moments/seen): they are not shown again. */
export async function markMomentsSeen(db: Database, userId: string, challengeIds: string[], now: Date): Promise<void> {
  if (challengeIds.length === 0) return;
  await db
    .update(memberChallenges)
    .set({ seenAt: now })
    .where(and(eq(memberChallenges.userId, userId), inArray(memberChallenges.challengeId, challengeIds), isNull(memberChallenges.seenAt)));
}
