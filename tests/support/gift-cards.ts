// Helpers of the gift-card integration tests (decisions 0047 and 0052): a member who pays list price, and an
// active card bought and paid by someone else, through the same purchase and payment a visitor goes through.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { buyGiftCard } from '@/modules/gift-cards/buy-gift-card';
import { completePayment } from '@/modules/payments/complete-payment';
import type { Database } from '@/server/db/client';
import { giftCards, memberTiers } from '@/server/db/schema';
import { signedUpMember, TEST_CARD, type EmbeddedShop } from './checkout';

/** A member of the Explorer tier: no member price, so a card pays list price. */
export async function explorerMember(db: Database, label: string) {
  const member = await signedUpMember(db, label, 'en');
  await db.update(memberTiers).set({ tierId: 'explorer' }).where(eq(memberTiers.userId, member.userId));
  return member;
}

/** An active card of `amount`, bought and paid by someone else. */
export async function activeGiftCard(shop: EmbeddedShop, amount: number) {
  const buyer = await signedUpMember(shop.db, 'giver', 'en');
  const { giftCardId, paymentSession } = await buyGiftCard(shop.deps, buyer, { amount, recipient: null, senderName: 'Ana', deliverOn: '2027-05-12' }, 'en');
  await shop.deps.gateway.pay(paymentSession.id, TEST_CARD);
  expect((await completePayment(shop.deps, paymentSession.id)).outcome).toBe('confirmed');
  const [row] = await shop.db.select().from(giftCards).where(eq(giftCards.id, giftCardId));
  return row!;
}
