// A promo code's uses (decision 0049): counted inside the transaction that records the order, under the
// code's row lock, so that a limit of 5 gives exactly 5 however many members check out at once; kept when
// the order is paid, given back when its hold runs out or the booking is cancelled before its visit.
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { promoCodes, promoUses } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { refusePromoUses, type PromoRow } from './promo-rules';

export async function countPromoUses(db: Database, promoId: string, userId: string): Promise<{ total: number; byMember: number }> {
  const counting = and(eq(promoUses.promoId, promoId), ne(promoUses.state, 'returned'));
  const [total] = await db.select({ n: count() }).from(promoUses).where(counting);
  const [byMember] = await db.select({ n: count() }).from(promoUses).where(and(counting, eq(promoUses.userId, userId)));
  return { total: total?.n ?? 0, byMember: byMember?.n ?? 0 };
}

/** Takes one use for the order; refused (and nothing written) when the code ran out meanwhile. */
export async function takePromoUse(tx: Database, use: { promoId: string; orderId: string; userId: string; cents: number }, at: Date): Promise<void> {
  // The row lock queues concurrent checkouts of one code; each counts the uses the previous ones committed.
  const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.id, use.promoId)).for('update');
  if (!promo) throw new AppError('PROMO_REFUSED', 'promoUnknown');
  if (promo.paused) throw new AppError('PROMO_REFUSED', 'promoPaused');
  refusePromoUses(promo as PromoRow, await countPromoUses(tx, use.promoId, use.userId));
  await tx.insert(promoUses).values({ ...use, state: 'held', createdAt: at });
}

export async function confirmPromoUse(tx: Database, orderId: string, at: Date): Promise<void> {
  await tx.update(promoUses).set({ state: 'used', settledAt: at }).where(and(eq(promoUses.orderId, orderId), eq(promoUses.state, 'held')));
}

/** The hold ran out, or the booking was cancelled before its visit: the use no longer counts. */
export async function giveBackPromoUse(tx: Database, orderId: string, at: Date): Promise<void> {
  await tx.update(promoUses).set({ state: 'returned', settledAt: at }).where(and(eq(promoUses.orderId, orderId), ne(promoUses.state, 'returned')));
}
