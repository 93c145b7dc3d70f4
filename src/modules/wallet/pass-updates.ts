// What a change or a cancellation of a booking does to its tickets' wallet passes, written in the same
// transaction as the change itself (so a crash loses nothing): each pass's update time is recorded (Apple
// devices ask for passes changed since a tag), every Apple device registered for one of them gets a push
// queued, and each ticket's Google object gets a "set INACTIVE" queued. The wallet worker sends them.
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { applePassRegistrations, walletPassUpdates, walletPushes } from '@/server/db/schema';

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
  await tx.insert(walletPushes).values([
    ...devices.map((d) => ({ wallet: 'apple' as const, target: d.pushToken, topic: d.topic })),
    // Whether the member saved the ticket to Google Wallet is not known here: a 404 then counts as done.
    ...serials.map((serial) => ({ wallet: 'google' as const, target: serial })),
  ]);
}
