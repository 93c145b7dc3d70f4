// The waitlist's worker step (docs/decisions/0024, 0032): slot by slot, it offers the free places to the
// members waiting, in line: the first whose tickets fit gets them held (an unpaid order like Book's, with
// its payment session) and an e-mail with the link to pay. Slots that started close their line. The fate
// of an offer is not this worker's: the order's confirmation, release or expiry settles it in its own
// transaction (settle-offer.ts).
//
// No place is offered twice: the supplier holds the places (its slot lock decides), and an entry becomes
// OFFERED only from WAITING, in the transaction that queues its e-mail. No one is skipped: one worker per
// slot at a time, across every server sharing the database (a lease row), walking the line in order.
import { and, eq, lte } from 'drizzle-orm';
import { isLocale } from '@/config/locales';
import { topTier } from '@/config/member-places';
import type { Database } from '@/server/db/client';
import { orders, users, waitlistEntries, waitlistLeases } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { releaseUnpaidOrder } from '../checkout/booking-limits';
import type { CheckoutDeps } from '../checkout/deps';
import { holdAndOpenSession } from '../checkout/start-checkout';
import { sendMailNow, enqueueMail } from '../email/mail-queue';
import { renderOfferEmail } from './offer-email';
import { waitingInOrder } from './waitlist-priority';
import { waitlistStates } from './waitlist-states';
import { serverNow } from '@/server/clock';

/** Longer than any offering run of one slot; a crashed worker's slot waits this long for another. */
export const WAITLIST_LEASE_MS = 60_000;

type Entry = typeof waitlistEntries.$inferSelect;
type Slot = Pick<Entry, 'productId' | 'optionId' | 'availabilityId' | 'slotStart'>;

export type OfferRun = { offered: number; expired: number };

export async function offerFreedPlaces(deps: CheckoutDeps): Promise<OfferRun> {
  const at = deps.now?.() ?? serverNow();
  const slots = await deps.db
    .selectDistinct({ productId: waitlistEntries.productId, optionId: waitlistEntries.optionId, availabilityId: waitlistEntries.availabilityId, slotStart: waitlistEntries.slotStart })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'WAITING'));
  let offered = 0;
  let passed = 0;
  for (const slot of slots) {
    if (slot.slotStart <= at) passed += await closeLine(deps.db, slot, at);
    else offered += await offerSlot(deps, slot, at);
  }
  return { offered, expired: passed };
}

/** A slot that started: nobody waits for it any more. */
async function closeLine(db: Database, slot: Slot, at: Date): Promise<number> {
  const closed = await db
    .update(waitlistEntries)
    .set({ status: waitlistStates.transition('WAITING', 'EXPIRED'), closedAt: at })
    .where(and(eq(waitlistEntries.optionId, slot.optionId), eq(waitlistEntries.availabilityId, slot.availabilityId), eq(waitlistEntries.status, 'WAITING')))
    .returning({ id: waitlistEntries.id });
  return closed.length;
}

async function offerSlot(deps: CheckoutDeps, slot: Slot, at: Date): Promise<number> {
  const slotKey = `${slot.optionId}|${slot.availabilityId}`;
  const until = new Date(at.getTime() + WAITLIST_LEASE_MS);
  const [lease] = await deps.db
    .insert(waitlistLeases)
    .values({ slotKey, until })
    .onConflictDoUpdate({ target: waitlistLeases.slotKey, set: { until }, setWhere: lte(waitlistLeases.until, at) })
    .returning();
  // Another worker is offering this slot's places right now.
  if (!lease) return 0;
  try {
    // Every free place, the members' allotment too (as the top tier sees them): the hold of each offer
    // decides what its member's tier may take (decision 0041).
    const [availability] = await deps.supplier.availability({ productId: slot.productId, optionId: slot.optionId, availabilityIds: [slot.availabilityId], memberTier: topTier() });
    if (!availability || availability.status === 'CLOSED') return 0;
    let free = availability.vacancies ?? 0;
    if (free <= 0) return 0;
    // Higher tiers with the waitlist priority first, then in order of joining (decision 0041).
    const line = await waitingInOrder(deps.db, slot);
    let offered = 0;
    for (const entry of line) {
      if (free <= 0) break;
      // The first in line whose tickets fit; the ones before keep their place for a bigger opening.
      if (entry.places > free) continue;
      const outcome = await offer(deps, entry, at);
      if (outcome === 'sold-out') break;
      if (outcome === 'offered') {
        free -= entry.places;
        offered++;
      }
    }
    return offered;
  } finally {
    await deps.db.delete(waitlistLeases).where(and(eq(waitlistLeases.slotKey, slotKey), eq(waitlistLeases.until, until)));
  }
}

async function offer(deps: CheckoutDeps, entry: Entry, at: Date): Promise<'offered' | 'sold-out' | 'gone'> {
  const { db, supplier } = deps;
  const locale = isLocale(entry.locale) ? entry.locale : 'en';
  const [member] = await db.select({ userId: users.id, email: users.email }).from(users).where(eq(users.id, entry.userId));
  const product = await supplier.getProduct(entry.productId, locale).catch(() => undefined);
  const option = product?.options.find((o) => o.id === entry.optionId);
  if (!member || !product || !option) return close(db, entry, at);

  let bookingUuid: string;
  try {
    const request = { productId: entry.productId, optionId: entry.optionId, quantities: entry.quantities, selectedTime: entry.availabilityId };
    ({ bookingId: bookingUuid } = await holdAndOpenSession(deps, member, request, locale, product, option));
  } catch (error) {
    // Someone else took the places since they were counted: the line waits for the next opening.
    if (error instanceof AppError && error.code === 'SOLD_OUT') return 'sold-out';
    // The choice cannot be sold any more (a unit or price gone): this entry's wait is over.
    if (error instanceof AppError && (error.code === 'VALIDATION' || error.code === 'PRICE_CHANGED')) return close(db, entry, at);
    throw error;
  }

  const [order] = await db.select().from(orders).where(eq(orders.bookingUuid, bookingUuid));
  const made = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(waitlistEntries)
      .set({ status: waitlistStates.transition(entry.status, 'OFFERED'), offeredAt: at, offerExpiresAt: order!.holdExpiresAt, orderId: order!.id })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, entry.status)))
      .returning({ id: waitlistEntries.id });
    if (row) await enqueueMail(tx as never, `waitlist:${entry.id}`, renderOfferEmail(order!, member.email, deps.siteUrl));
    return Boolean(row);
  });
  if (!made) {
    // The member left the line meanwhile: the places go back at once.
    await releaseUnpaidOrder(deps, order!, at, 'Released: the member left the waitlist');
    return 'gone';
  }
  await sendMailNow(db, deps.mail, `waitlist:${entry.id}`);
  return 'offered';
}

async function close(db: Database, entry: Entry, at: Date): Promise<'gone'> {
  await db
    .update(waitlistEntries)
    .set({ status: waitlistStates.transition(entry.status, 'EXPIRED'), closedAt: at })
    .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, entry.status)));
  return 'gone';
}
