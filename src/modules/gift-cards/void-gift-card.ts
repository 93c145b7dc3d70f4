// A manager voids a gift card (decision 0047): its whole balance leaves in a `voided` line, on the locked
// row, and the audit log records who did it, the balance before and the reason, in the same transaction.
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { giftCardLines, giftCards } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type Actor } from '../staff/audit-log';
import { formatGiftCardCode, normalizeGiftCardCode } from './gift-card-code';
import { giftCardStates } from './gift-card-states';

export async function voidGiftCard(db: Database, input: { code: string; reason: string; by: Actor }, at: Date): Promise<{ code: string; voided: number }> {
  const code = normalizeGiftCardCode(input.code);
  if (!code) throw new AppError('NOT_FOUND', 'giftCardNotFound');
  return db.transaction(async (tx) => {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, code)).for('update');
    if (!card || card.status === 'PENDING_PAYMENT') throw new AppError('NOT_FOUND', 'giftCardNotFound');
    if (card.status === 'VOIDED') throw new AppError('ALREADY_CANCELLED', 'giftCardAlreadyVoided');
    await tx
      .update(giftCards)
      .set({ status: giftCardStates.transition(card.status, 'VOIDED'), balance: 0, voidedAt: at })
      .where(and(eq(giftCards.id, card.id), eq(giftCards.status, card.status)));
    if (card.balance > 0) await tx.insert(giftCardLines).values({ giftCardId: card.id, kind: 'voided', amount: -card.balance, at });
    await recordAudit(tx, {
      actor: input.by,
      action: 'giftcard.void',
      target: formatGiftCardCode(code),
      before: { status: card.status, balance: card.balance },
      after: { status: 'VOIDED', balance: 0, reason: input.reason },
    });
    return { code: formatGiftCardCode(code), voided: card.balance };
  });
}

