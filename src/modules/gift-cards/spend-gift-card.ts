// Spending and giving back gift card value (decision 0047): each a line of the card's ledger, written with
// the card's balance on its locked row in the caller's transaction (an order's, when checkout redemption
// calls it). Concurrent spends serialise on the row lock; a spend takes at most what is left, so the
// balance reaches exactly zero and never goes below it (the row's check would refuse it anyway).
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { giftCardLines, giftCards } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { normalizeGiftCardCode } from './gift-card-code';

/** Takes up to `wanted` from the card for `reference` (an order's id); answers what was taken (0 when
 * nothing is left). An unknown, voided or expired card is a 404, as on the balance check. */
export async function spendGiftCard(tx: Database, input: { code: string; wanted: number; reference: string }, at: Date): Promise<{ giftCardId: string; taken: number; left: number }> {
  const code = normalizeGiftCardCode(input.code);
  const [card] = code ? await tx.select().from(giftCards).where(eq(giftCards.code, code)).for('update') : [];
  if (!card || card.status !== 'ACTIVE' || !card.expiresAt || card.expiresAt <= at) throw new AppError('NOT_FOUND', 'giftCardNotFound');
  const taken = Math.min(card.balance, Math.max(0, input.wanted));
  if (taken > 0) {
    await tx.update(giftCards).set({ balance: sql`${giftCards.balance} - ${taken}` }).where(eq(giftCards.id, card.id));
    await tx.insert(giftCardLines).values({ giftCardId: card.id, kind: 'redeemed', amount: -taken, reference: input.reference, at });
  }
  return { giftCardId: card.id, taken, left: card.balance - taken };
}

/** Gives back what `reference` took from the card (an expired hold, a cancelled order), at most once: the
 * lines already given back for it are counted. `upTo` gives back part of it (a partial refund). A voided
 * card gets nothing back. */
export async function giveBackToGiftCard(tx: Database, input: { giftCardId: string; reference: string; upTo?: number }, at: Date): Promise<number> {
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, input.giftCardId)).for('update');
  if (!card || card.status !== 'ACTIVE') return 0;
  const [row] = await tx
    .select({ net: sql<number>`coalesce(-sum(${giftCardLines.amount}), 0)::int` })
    .from(giftCardLines)
    .where(and(eq(giftCardLines.giftCardId, card.id), eq(giftCardLines.reference, input.reference)));
  const owed = Math.min(row?.net ?? 0, input.upTo ?? Infinity);
  if (owed <= 0) return 0;
  await tx.update(giftCards).set({ balance: sql`${giftCards.balance} + ${owed}` }).where(eq(giftCards.id, card.id));
  await tx.insert(giftCardLines).values({ giftCardId: card.id, kind: 'refunded', amount: owed, reference: input.reference, at });
  return owed;
}
