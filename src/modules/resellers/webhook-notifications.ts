// What a webhook is told: a reseller's booking changed (booking_update), or the places of a slot moved
// (availability_update, to every reseller that listens). Each notification becomes one `webhook.deliver`
// job per webhook (deliver-webhooks.ts), enqueued in the transaction of the change it tells of; a slot's
// availability not yet sent to a webhook is replaced by its newer state (coalesced).
import type { Availability, Booking } from '@octocloud/types';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { octoWebhooks } from '@/server/db/schema';
import { enqueue } from '../jobs/enqueue';
import { RESERVED_RESELLER_IDS } from './reseller-keys';
import { serverNow } from '@/server/clock';

export type SlotRef = { productId: string; optionId: string; availabilityId: string };

type Delivery = { webhookId: string; event: string; body: string; coalesceKey?: string };

async function record(tx: Database, rows: Delivery[]): Promise<void> {
  for (const { coalesceKey, ...row } of rows) await enqueue(tx, 'webhook.deliver', row, { coalesceKey });
}

export async function notifyBookingUpdate(db: Database, resellerId: string, booking: Booking): Promise<void> {
  // The website's own bookings: no reseller may take a reserved id (reseller-keys.ts), so none has webhooks to read.
  if (RESERVED_RESELLER_IDS.includes(resellerId)) return;
  const hooks = await db
    .select({ id: octoWebhooks.id })
    .from(octoWebhooks)
    .where(and(eq(octoWebhooks.resellerId, resellerId), eq(octoWebhooks.event, 'booking_update')));
  const utcSentAt = serverNow().toISOString().replace(/\.\d{3}Z$/, 'Z');
  await record(
    db,
    hooks.map((hook) => ({
      webhookId: hook.id,
      event: 'booking_update',
      body: JSON.stringify({ event: 'booking_update', webhookId: hook.id, utcSentAt, booking }),
    })),
  );
}

/** `load` reads a slot's availability now; it is called only when someone listens. */
export async function notifyAvailabilityUpdate(
  db: Database,
  slots: SlotRef[],
  load: (slot: SlotRef) => Promise<Availability | undefined>,
): Promise<void> {
  const distinct = [...new Map(slots.map((s) => [`${s.optionId}|${s.availabilityId}`, s])).values()];
  if (distinct.length === 0) return;
  const hooks = await db.select({ id: octoWebhooks.id }).from(octoWebhooks).where(eq(octoWebhooks.event, 'availability_update'));
  if (hooks.length === 0) return;
  const utcSentAt = serverNow().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const rows = [];
  for (const slot of distinct) {
    const availability = await load(slot);
    if (!availability) continue;
    for (const hook of hooks) {
      const body = { event: 'availability_update', webhookId: hook.id, utcSentAt, productId: slot.productId, optionId: slot.optionId, availability };
      // One unsent update per webhook and slot: a newer one replaces it, so a busy slot sends its latest
      // availability once rather than every step of it.
      const coalesceKey = `webhook.availability:${hook.id}:${slot.optionId}:${slot.availabilityId}`;
      rows.push({ webhookId: hook.id, event: 'availability_update', body: JSON.stringify(body), coalesceKey });
    }
  }
  await record(db, rows);
}
