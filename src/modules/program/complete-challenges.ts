// Sky Moments completed (decision 0043): a member's challenges judged from their visits, each completed
// challenge written once (member_challenges' unique index) together with its token's issue (a drop of
// config/drops.json through the `loyalty.issue` job) and its points line (reason "challenge:<id>",
// confirmed at once), in one transaction: a job run twice, or two runs at once, pay once.
import { eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentPointsRules } from '@/config/points';
import { currentProgram } from '@/config/program';
import type { Challenge } from '@/config/program-challenges-schema';
import type { Database } from '@/server/db/client';
import { memberChallenges, memberPoints, tokenIssues } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { enqueue } from '../jobs/enqueue';
import { recordMemberCardUpdate } from '../wallet/member-card-updates';
import { challengeEvidence } from './challenge-evidence';
import { challengeProgress } from './challenge-rules';
import { pointsExpireOn } from './points-rule';

async function completeChallenge(db: Database, userId: string, challenge: Challenge, now: Date): Promise<boolean> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [completed] = await tx
      .insert(memberChallenges)
      .values({ userId, challengeId: challenge.id, completedAt: now })
      .onConflictDoNothing({ target: [memberChallenges.userId, memberChallenges.challengeId] })
      .returning({ id: memberChallenges.id });
    if (!completed) return false;
    const [issue] = await tx
      .insert(tokenIssues)
      .values({ userId, dropId: challenge.dropId, source: `challenge:${challenge.id}`, status: 'pending' })
      .onConflictDoNothing()
      .returning({ id: tokenIssues.id });
    if (issue) await enqueue(tx, 'loyalty.issue', { issueId: issue.id }, { dedupeKey: `loyalty.issue:${issue.id}` });
    if (challenge.points > 0) {
      await tx.insert(memberPoints).values({
        userId,
        reason: `challenge:${challenge.id}`,
        points: challenge.points,
        state: 'confirmed',
        earnedAt: now,
        confirmedAt: now,
        expiresOn: pointsExpireOn(currentPointsRules(), todayIn(TIME_ZONE, now)),
      });
      await recordMemberCardUpdate(tx, userId, now);
    }
    return true;
  });
}

/** Completes every challenge the member's visits now meet and they had not completed; answers their ids. */
export async function completeChallenges(db: Database, userId: string, now: Date): Promise<string[]> {
  const { challenges } = currentProgram();
  if (challenges.length === 0) return [];
  const done = new Set((await db.select({ id: memberChallenges.challengeId }).from(memberChallenges).where(eq(memberChallenges.userId, userId))).map((row) => row.id));
  const open = challenges.filter((challenge) => !done.has(challenge.id));
  if (open.length === 0) return [];
  const evidence = await challengeEvidence(db, userId);
  const today = todayIn(TIME_ZONE, now);
  const completed: string[] = [];
  for (const challenge of open) {
    if (challengeProgress(challenge.rule, evidence, today).done && (await completeChallenge(db, userId, challenge, now))) completed.push(challenge.id);
  }
  return completed;
}
