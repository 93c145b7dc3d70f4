// The membership card in the wallets kept up to date (decision 0043): whatever changes what it shows (the
// tier, the points, the next booking) records, in the same transaction, the card's new update time
// (Apple's update tag), a push to every Apple device that registered it, and a Google "update the loyalty
// object" (`wallet.push`, deliver-pass-updates.ts). Only members who added a card have a row: for the others
// this is one UPDATE that finds nothing. The pushes are coalesced per device and card, so a burst of changes
// sends one each, due at once (the runner takes them within seconds: well inside the 60 s asked).
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { applePassRegistrations, memberWalletCards } from '@/server/db/schema';
import { enqueue } from '../jobs/enqueue';

export async function recordMemberCardUpdate(tx: Database, userId: string, at: Date): Promise<void> {
  const [card] = await tx.update(memberWalletCards).set({ updatedAt: at }).where(eq(memberWalletCards.userId, userId)).returning({ serial: memberWalletCards.serialNumber });
  if (!card) return;
  const devices = await tx
    .selectDistinct({ pushToken: applePassRegistrations.pushToken, topic: applePassRegistrations.passTypeId })
    .from(applePassRegistrations)
    .where(eq(applePassRegistrations.serialNumber, card.serial));
  for (const d of devices) await enqueue(tx, 'wallet.push', { wallet: 'apple', target: d.pushToken, topic: d.topic }, { coalesceKey: `wallet.push:apple:${d.pushToken}` });
  // Whether the member saved the card to Google Wallet is not known here: a 404 then counts as done.
  await enqueue(tx, 'wallet.push', { wallet: 'google', target: card.serial, topic: null, pass: 'member-card' }, { coalesceKey: `wallet.push:member-card:${card.serial}` });
}
