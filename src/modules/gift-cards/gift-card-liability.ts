// What managers see of gift cards on the reports (decision 0047), as of now and over all time: the value
// issued, redeemed (less what refunds gave back), voided and expired, and what is still outstanding: the
// liability, the balances of cards that can still be spent.
import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { giftCardLines, giftCards } from '@/server/db/schema';

export type GiftCardLiability = {
  cards: number;
  issued: number;
  /** Of `issued`, the cards managers issued as refunds (decision 0052): value that was no sale of a card. */
  issuedAsRefunds: number;
  redeemed: number;
  voided: number;
  expired: number;
  outstanding: number;
  currency: string;
};

export async function giftCardLiability(db: Database, now: Date, currency: string): Promise<GiftCardLiability> {
  const [lines] = await db
    .select({
      issued: sql<number>`coalesce(sum(${giftCardLines.amount}) filter (where ${giftCardLines.kind} = 'issued'), 0)::int`,
      redeemed: sql<number>`coalesce(-sum(${giftCardLines.amount}) filter (where ${giftCardLines.kind} in ('redeemed', 'refunded')), 0)::int`,
      voided: sql<number>`coalesce(-sum(${giftCardLines.amount}) filter (where ${giftCardLines.kind} = 'voided'), 0)::int`,
      cards: sql<number>`count(distinct ${giftCardLines.giftCardId})::int`,
    })
    .from(giftCardLines);
  const balanceOf = async (until: 'live' | 'expired') => {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${giftCards.balance}), 0)::int` })
      .from(giftCards)
      .where(and(eq(giftCards.status, 'ACTIVE'), until === 'live' ? gt(giftCards.expiresAt, now) : lte(giftCards.expiresAt, now)));
    return row?.total ?? 0;
  };
  // A refund's card is issued at once (never PENDING_PAYMENT): its amount is its `issued` line.
  const [refundCards] = await db
    .select({ total: sql<number>`coalesce(sum(${giftCards.amount}), 0)::int` })
    .from(giftCards)
    .where(isNotNull(giftCards.refundOf));
  const issuedAsRefunds = refundCards?.total ?? 0;
  return { cards: lines?.cards ?? 0, issued: lines?.issued ?? 0, issuedAsRefunds, redeemed: lines?.redeemed ?? 0, voided: lines?.voided ?? 0, expired: await balanceOf('expired'), outstanding: await balanceOf('live'), currency };
}
