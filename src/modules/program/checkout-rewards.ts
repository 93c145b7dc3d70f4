// The checkout's reward step (decision 0042; step 3 of decision 0038's combination rule): a reward the
// member spends points on, or the guest pass a new member signed up with, takes its amount off what is left
// after the member price. Priced before the hold (a member short of points is refused before any place is
// held), taken inside the transaction that records the order (points spent under row locks, the pass taken
// by one order), and settled with the order: kept when it is paid, given back when it is not, or when the
// booking is cancelled before its visit.
import { eq } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentProgram } from '@/config/program';
import type { Database } from '@/server/db/client';
import { memberPoints, orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { todayIn } from '@/universal/local-date';
import { rewardAmount } from '@/universal/reward-price';
import type { WebOption, WebProduct } from '@/universal/web-product';
import { giveBackGuestPass, openGuestPassOf, takeGuestPass, usedGuestPassOf, markGuestPassUsed } from './guest-passes';
import { pointsOf } from './points-balance';
import { pointsExpireOn } from './points-rule';
import { currentPointsRules } from '@/config/points';
import { confirmSpend, giveBackSpend, spendPoints } from './spend-points';
import { confirmPromoUse, giveBackPromoUse } from '../promos/promo-uses';

export type RewardRequest = { reward?: string; guestPass?: boolean };

/** What the step takes off, and what it will take to pay for it. */
export type PricedReward =
  | { kind: 'reward'; cents: number; reason: string; rewardId: string; points: number }
  | { kind: 'guest-pass'; cents: number; reason: string; passId: string };

export async function priceReward(
  db: Database,
  userId: string,
  request: RewardRequest,
  choice: { product: WebProduct; option: WebOption; quantities: Record<string, number>; percent: number; unitPrice?: (unitId: string, listPrice: number) => number },
  now: Date,
): Promise<PricedReward | null> {
  if (request.reward && request.guestPass) throw new AppError('VALIDATION', 'oneRewardPerBooking');
  const { rewards } = currentProgram();
  const on = { productId: choice.product.id, option: choice.option, quantities: choice.quantities, percent: choice.percent, unitPrice: choice.unitPrice };
  if (request.reward) {
    const reward = rewards.catalogue.find((r) => r.id === request.reward);
    if (!reward) throw new AppError('VALIDATION', 'unknownReward');
    const fromOption = reward.kind === 'upgrade' ? choice.product.options.find((o) => o.id === reward.fromOptionId) : undefined;
    const cents = rewardAmount(reward, { ...on, fromOption });
    if (cents <= 0) throw new AppError('VALIDATION', 'rewardDoesNotApply');
    // Asked again under the row locks when the order is recorded: this only spares a needless hold.
    if ((await pointsOf(db, userId, now)).balance < reward.points) throw new AppError('NOT_ENOUGH_POINTS', 'notEnoughPoints', { points: reward.points });
    return { kind: 'reward', cents, reason: `reward:${reward.id}`, rewardId: reward.id, points: reward.points };
  }
  if (request.guestPass) {
    const pass = await openGuestPassOf(db, userId);
    if (!pass) throw new AppError('GUEST_PASS_REFUSED', 'noGuestPass');
    const cents = rewardAmount({ kind: 'free-ticket', unitId: rewards.guestPasses.unitId }, on);
    if (cents <= 0) throw new AppError('VALIDATION', 'guestPassNeedsTicket');
    return { kind: 'guest-pass', cents, reason: 'guest-pass', passId: pass.id };
  }
  return null;
}

/** Takes the points or the pass for the order, inside the transaction that records it. */
export async function takeReward(tx: Database, priced: PricedReward, order: { id: string; userId: string }, at: Date): Promise<void> {
  if (priced.kind === 'reward') await spendPoints(tx, { userId: order.userId, rewardId: priced.rewardId, points: priced.points, orderId: order.id }, at);
  else await takeGuestPass(tx, priced.passId, order.id);
}

/** The order's fate, told inside the transaction that writes it: paid (the reward and the promo code's use
 * stand) or not / cancelled before its visit (the points, the pass and the use come back). A replayed call changes nothing. */
export async function settleOrderReward(tx: Database, orderId: string, fate: 'paid' | 'unpaid' | 'cancelled' | 'refunded', at: Date): Promise<void> {
  if (fate === 'paid') {
    await confirmSpend(tx, orderId, at);
    await confirmPromoUse(tx, orderId, at);
    await markGuestPassUsed(tx, orderId, at);
    return;
  }
  await giveBackSpend(tx, orderId, fate, at);
  await giveBackGuestPass(tx, orderId);
  await giveBackPromoUse(tx, orderId, at);
}

/** A friend's visit admitted (inside the admission's transaction): the member whose guest pass brought them
 * earns the referral points, confirmed at once, once per new member (one pass per friend, one line per order). */
export async function earnReferral(tx: Database, bookingUuid: string, at: Date): Promise<void> {
  const referralPoints = currentProgram().rewards.guestPasses.referralPoints;
  if (referralPoints <= 0) return;
  const [order] = await tx.select({ id: orders.id, rewardReason: orders.rewardReason }).from(orders).where(eq(orders.bookingUuid, bookingUuid));
  if (order?.rewardReason !== 'guest-pass') return;
  const pass = await usedGuestPassOf(tx, order.id);
  if (!pass) return;
  await tx
    .insert(memberPoints)
    .values({
      userId: pass.memberId,
      reason: 'referral',
      points: referralPoints,
      state: 'confirmed',
      orderId: order.id,
      earnedAt: at,
      confirmedAt: at,
      expiresOn: pointsExpireOn(currentPointsRules(), todayIn(TIME_ZONE, at)),
    })
    .onConflictDoNothing();
}
