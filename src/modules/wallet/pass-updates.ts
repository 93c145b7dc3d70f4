// What a change or a cancellation of a booking does to its tickets' wallet passes, written in the same
// transaction as the change itself (so a crash loses nothing): each pass's update time is recorded (Apple
// devices ask for passes changed since a tag), every Apple device registered for one of them gets a push
// job, and each ticket's Google object a "set INACTIVE" job (`wallet.push`, deliver-pass-updates.ts).
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { applePassRegistrations, walletPassUpdates } from '@/server/db/schema';
import { enqueue } from '../jobs/enqueue';

export async function recordPassUpdates(tx: Database, orderId: string, serials: string[], at: Date): Promise<void> {
  if (serials.length === 0) return;
  await tx
    .insert(walletPassUpdates)
    .values(serials.map((serialNumber) => ({ serialNumber, orderId, updatedAt: at })))
    .onConflictDoUpdate({ target: walletPassUpdates.serialNumber, set: { updatedAt: sql`excluded.updated_at` } });
  const devices = await tx
    .selectDistinct({ pushToken: applePassRegistrations.pushToken, topic: applePassRegistrations.passTypeId })
    .from(applePassRegistrations)
    .where(inArray(applePassRegistrations.serialNumber, serials));
  for (const d of devices) await enqueue(tx, 'wallet.push', { wallet: 'apple', target: d.pushToken, topic: d.topic });
  // Whether the member saved the ticket to Google Wallet is not known here: a 404 then counts as done.
  for (const serial of serials) await enqueue(tx, 'wallet.push', { wallet: 'google', target: serial, topic: null });
}
