// The `giftcards.deliver` job (decision 0047): due at midnight of the card's New York date, it queues the
// card's e-mail (to the recipient, or the buyer) and marks it delivered, in one transaction; the mail
// queue sends it. A card voided before its date is not sent.
import { and, eq, isNull } from 'drizzle-orm';
import type { MailTransport } from '@/ports/mail';
import { serverNow } from '@/server/clock';
import type { Database } from '@/server/db/client';
import { giftCards } from '@/server/db/schema';
import { enqueueMail, sendMailNow } from '../email/mail-queue';
import { JobGaveUp } from '../jobs/run-due-jobs';
import { renderGiftCardEmail } from './gift-card-email';

export async function deliverGiftCard(deps: { db: Database; mail: MailTransport; siteUrl: string; now?: () => Date }, giftCardId: string): Promise<'sent' | 'skipped'> {
  const at = deps.now?.() ?? serverNow();
  const [card] = await deps.db.select().from(giftCards).where(eq(giftCards.id, giftCardId));
  if (!card) throw new JobGaveUp(`no gift card ${giftCardId}`);
  if (card.status !== 'ACTIVE' || card.deliveredAt) return 'skipped';
  const mailKey = `giftcard:${card.id}`;
  await deps.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(giftCards)
      .set({ deliveredAt: at })
      .where(and(eq(giftCards.id, card.id), isNull(giftCards.deliveredAt)))
      .returning({ id: giftCards.id });
    if (marked) await enqueueMail(tx, mailKey, { ...renderGiftCardEmail(card, deps.siteUrl), idempotencyKey: mailKey });
  });
  await sendMailNow(deps.db, deps.mail, mailKey);
  return 'sent';
}
