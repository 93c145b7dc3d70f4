// The website's supplier: an OCTO system when OCTO_BASE_URL and OCTO_API_KEY are set, else our own.
// Our own inventory tells resellers' webhooks of every change (octo/webhooks), in the change's transaction.
import { serverNow } from '@/server/clock';
import { getDb, type Database } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { createLocalSupplier, type LocalSupplierChange } from '@/adapters/supplier/local/local-supplier';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import type { SupplierPort } from '@/ports/supplier';
import { notifyAvailabilityUpdate, notifyBookingUpdate, type SlotRef } from '@/modules/resellers/webhook-notifications';
import { WEBSITE_RESELLER } from '@/modules/resellers/reseller-keys';
import { enqueuePlacesFreed } from '@/modules/waitlist/places-freed';

let supplier: Promise<SupplierPort> | undefined;

/** Whether the website sells our own inventory (the local supplier) rather than an OCTO system's: staff
 * features that read or change the inventory itself (the calendar, the day's counts) work only then. */
export function ownsInventory(): boolean {
  const env = getEnv();
  return !(env.OCTO_BASE_URL && env.OCTO_API_KEY);
}

export function getSupplier(): Promise<SupplierPort> {
  supplier ??= (async () => {
    const env = getEnv();
    if (!ownsInventory()) return createOctoClient({ baseUrl: env.OCTO_BASE_URL!, apiKey: env.OCTO_API_KEY! });
    return localSupplierFor(WEBSITE_RESELLER);
  })();
  return supplier;
}

/** Webhook notifications of a change, enqueued in its transaction: the booking to its reseller, the slots
 * to every listener. A crash after the commit loses none. */
export async function webhookNotifier(tx: Database, { resellerId, booking, slots }: LocalSupplierChange): Promise<void> {
  // Reads availability inside the transaction (its places as this change leaves them), for notifications only.
  const reader = createLocalSupplier(tx, { resellerId: WEBSITE_RESELLER, now: serverNow });
  const load = async (slot: SlotRef) =>
    (await reader.availability({ productId: slot.productId, optionId: slot.optionId, availabilityIds: [slot.availabilityId] }))[0];
  // A cancellation by anyone (a reseller, the website, the staff) gives places to the slot's waitlist.
  if (booking.status === 'CANCELLED') await enqueuePlacesFreed(tx);
  await notifyBookingUpdate(tx, resellerId, booking);
  await notifyAvailabilityUpdate(tx, slots, load);
}

/** Our own inventory as one reseller sees it: the website, or a partner of our OCTO API. */
export async function localSupplierFor(resellerId: string): Promise<SupplierPort> {
  const db = await getDb();
  return createLocalSupplier(db, { resellerId, endpoint: `${getEnv().siteUrl}/octo`, onChange: webhookNotifier, now: serverNow, memberPerks: resellerId === WEBSITE_RESELLER });
}
