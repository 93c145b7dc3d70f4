// A member's visits (decision 0036): one row per visit date, written in the transaction of the admission
// that makes it (the gate's scan), taken back in the transaction of the undo or the cancellation that
// unmakes it. Only bookings of website members count: an order names its member; a reseller's booking has
// no order. Each change enqueues the member's `program.recompute` job in the same transaction.
import { and, eq, like, ne } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { memberVisits, orders } from '@/server/db/schema';
import { localDatePart } from '@/universal/local-date';
import { admittedAmong } from '../inventory/admissions';
import { enqueueChallengeCheck } from './challenge-jobs';
import { enqueueTierRecompute } from './tier-jobs';

async function memberOrderOf(tx: Database, bookingUuid: string) {
  const [order] = await tx
    .select({ userId: orders.userId, availabilityId: orders.availabilityId, reference: orders.supplierReference })
    .from(orders)
    .where(eq(orders.bookingUuid, bookingUuid));
  return order;
}

/** Counts the visit of an admitted booking (inside the admission's transaction); a date already counted
 * (another booking of the member that day, or this one's earlier ticket) changes nothing, but the
 * admission is still judged by the Sky Moments (a sunset after the day's sunrise, decision 0043). */
export async function countVisit(tx: Database, bookingUuid: string, at: Date): Promise<boolean> {
  const order = await memberOrderOf(tx, bookingUuid);
  if (!order) return false;
  const [counted] = await tx
    .insert(memberVisits)
    .values({ userId: order.userId, visitDate: localDatePart(order.availabilityId), bookingUuid, bookingReference: order.reference, countedAt: at })
    .onConflictDoNothing({ target: [memberVisits.userId, memberVisits.visitDate] })
    .returning({ id: memberVisits.id });
  if (counted) await enqueueTierRecompute(tx, order.userId);
  await enqueueChallengeCheck(tx, order.userId);
  return counted !== undefined;
}

/** Takes back the visit this booking holds (inside the undo's or the cancellation's transaction, once the
 * booking has no live admission left): another admitted booking of the member that day keeps the date. */
export async function uncountVisit(tx: Database, bookingUuid: string, at: Date): Promise<boolean> {
  const [removed] = await tx.delete(memberVisits).where(eq(memberVisits.bookingUuid, bookingUuid)).returning();
  if (!removed) return false;
  const sameDay = await tx
    .select({ bookingUuid: orders.bookingUuid, reference: orders.supplierReference })
    .from(orders)
    .where(and(eq(orders.userId, removed.userId), like(orders.availabilityId, `${removed.visitDate}T%`), ne(orders.bookingUuid, bookingUuid), eq(orders.status, 'CONFIRMED')));
  const admitted = new Set(await admittedAmong(tx, sameDay.map((order) => order.bookingUuid)));
  const other = sameDay.find((order) => admitted.has(order.bookingUuid));
  if (other) {
    await tx.insert(memberVisits).values({ userId: removed.userId, visitDate: removed.visitDate, bookingUuid: other.bookingUuid, bookingReference: other.reference, countedAt: at });
    return false;
  }
  await enqueueTierRecompute(tx, removed.userId);
  return true;
}
