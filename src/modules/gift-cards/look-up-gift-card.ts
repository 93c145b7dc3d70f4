// A gift card found by its code: the balance check on /gift-cards and the printable page. Every lookup,
// found or not, counts against the client address's limit and everyone's together (decision 0047): with
// 29^16 codes guessing is hopeless, and the limits keep it so.
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { giftCards } from '@/server/db/schema';
import { getEnv } from '@/server/env';
import { AppError } from '@/server/errors';
import { enforceRateLimits } from '@/server/rate-limit';
import { formatGiftCardCode, normalizeGiftCardCode } from './gift-card-code';

/** What the holder of the code may see: nothing of the buyer but the name they signed with. */
export type GiftCardView = {
  code: string;
  status: 'ACTIVE' | 'EXPIRED' | 'VOIDED';
  amount: number;
  balance: number;
  currency: string;
  expiresAt: string;
  senderName: string;
  recipientName: string | null;
  message: string | null;
};

export async function lookUpGiftCard(db: Database, typed: string, clientIp: string, now: Date): Promise<GiftCardView> {
  const env = getEnv();
  await enforceRateLimits(
    db,
    [
      { key: `giftcard:ip:${clientIp}`, limit: env.RATE_LIMIT_GIFT_CARD_LOOKUP_PER_IP },
      { key: 'giftcard:all', limit: env.RATE_LIMIT_GIFT_CARD_LOOKUP },
    ],
    now,
  );
  const code = normalizeGiftCardCode(typed);
  const [card] = code ? await db.select().from(giftCards).where(eq(giftCards.code, code)) : [];
  // A card not paid for yet is no card.
  if (!card || card.status === 'PENDING_PAYMENT' || !card.expiresAt) throw new AppError('NOT_FOUND', 'giftCardNotFound');
  const expired = card.expiresAt <= now;
  return {
    code: formatGiftCardCode(card.code),
    status: card.status === 'VOIDED' ? 'VOIDED' : expired ? 'EXPIRED' : 'ACTIVE',
    amount: card.amount,
    balance: card.status === 'ACTIVE' && !expired ? card.balance : 0,
    currency: card.currency,
    expiresAt: card.expiresAt.toISOString(),
    senderName: card.senderName,
    recipientName: card.recipientName,
    message: card.message,
  };
}
