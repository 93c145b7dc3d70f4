// Claiming a gifted annual pass (decision 0051): the recipient follows the e-mail's link, signs in, and the
// pass becomes theirs, its year starting that day.
import { and, eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { annualPasses } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { passEndFrom } from '@/universal/annual-pass-rules';
import { todayIn } from '@/universal/local-date';
import { normalizeGiftCardCode } from '../gift-cards/gift-card-code';
import { annualPassConfig } from './pass-config';
import { passStates } from './pass-states';

/** A paid gift claimed by the signed-in member its code was sent to (any member holding the link: the code
 * is the proof, as a gift card's is); its year starts on the day it is claimed. */
export async function claimPass(db: Database, member: { userId: string }, code: string, now: Date = serverNow()): Promise<typeof annualPasses.$inferSelect> {
  const stored = normalizeGiftCardCode(code);
  const [pass] = stored ? await db.select().from(annualPasses).where(eq(annualPasses.code, stored)) : [];
  if (!pass || pass.status === 'PENDING_PAYMENT') throw new AppError('NOT_FOUND', 'passNotFound');
  if (pass.status !== 'UNCLAIMED') throw new AppError('PASS_REFUSED', 'passAlreadyClaimed');
  const today = todayIn(TIME_ZONE, now);
  const [claimed] = await db
    .update(annualPasses)
    .set({ status: passStates.transition(pass.status, 'ACTIVE'), holderUserId: member.userId, startsOn: today, endsOn: passEndFrom(today, annualPassConfig().validDays), claimedAt: now })
    .where(and(eq(annualPasses.id, pass.id), eq(annualPasses.status, 'UNCLAIMED')))
    .returning();
  if (!claimed) throw new AppError('PASS_REFUSED', 'passAlreadyClaimed');
  return claimed;
}
