// A member's visits (decision 0036): one row per visit date, written in the transaction of the admission
// that makes it (the gate's scan), taken back in the transaction of the undo or the cancellation that
// unmakes it. Only bookings of website members count: an order names its member; a reseller's booking has
// no order. Each change enqueues the member's `program.recompute` job in the same transaction, and keeps each
// visit linked to the member's visit before and after it (the program report's visitors, decision 0064).
import { and, eq, like, ne, sql } from 'drizzle-orm';
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

/** One writer of a member's visits at a time: two admissions of other dates would each link to the same
 * neighbours otherwise. */
async function lockVisitsOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member-visits|${userId}`}, 0))`);
}

const visitOn = (userId: string, date: string) => and(eq(memberVisits.userId, userId), eq(memberVisits.visitDate, date));

/** Links a visit date just written between the member's visits before and after it: one statement (the
 * gate's scan writes it, where each round trip counts), which finds both neighbours and rewrites the three rows. */
async function linkVisit(tx: Database, userId: string, date: string): Promise<void> {
  await tx.execute(sql`
    with neighbours as (
      select (select max(visit_date) from member_visits where user_id = ${userId} and visit_date < ${date}) as previous,
             (select min(visit_date) from member_visits where user_id = ${userId} and visit_date > ${date}) as next)
    update member_visits v set
      previous_visit_date = case when v.visit_date = ${date} then coalesce(n.previous, '') when v.visit_date = n.next then ${date} else v.previous_visit_date end,
      next_visit_date = case when v.visit_date = ${date} then n.next when v.visit_date = n.previous then ${date} else v.next_visit_date end
    from neighbours n
    where v.user_id = ${userId} and (v.visit_date = ${date} or v.visit_date = n.previous or v.visit_date = n.next)`);
}

/** Counts the visit of an admitted booking (inside the admission's transaction); a date already counted
 * (another booking of the member that day, or this one's earlier ticket) changes nothing, but the
 * admission is still judged by the Sky Moments (a sunset after the day's sunrise, decision 0043). */
export async function countVisit(tx: Database, bookingUuid: string, at: Date): Promise<boolean> {
  const order = await memberOrderOf(tx, bookingUuid);
  if (!order) return false;
  await lockVisitsOf(tx, order.userId);
  const [counted] = await tx
    .insert(memberVisits)
    .values({ userId: order.userId, visitDate: localDatePart(order.availabilityId), bookingUuid, bookingReference: order.reference, countedAt: at })
    .onConflictDoNothing({ target: [memberVisits.userId, memberVisits.visitDate] })
    .returning({ id: memberVisits.id });
  if (counted) {
    await linkVisit(tx, order.userId, localDatePart(order.availabilityId));
    await enqueueTierRecompute(tx, order.userId);
  }
  await enqueueChallengeCheck(tx, order.userId);
  return counted !== undefined;
}

/** Takes back the visit this booking holds (inside the undo's or the cancellation's transaction, once the
 * booking has no live admission left): another admitted booking of the member that day keeps the date. */
export async function uncountVisit(tx: Database, bookingUuid: string, at: Date): Promise<boolean> {
  const [held] = await tx.select({ userId: memberVisits.userId }).from(memberVisits).where(eq(memberVisits.bookingUuid, bookingUuid));
  if (!held) return false;
  await lockVisitsOf(tx, held.userId);
  const [removed] = await tx.delete(memberVisits).where(eq(memberVisits.bookingUuid, bookingUuid)).returning();
  if (!removed) return false;
  const sameDay = await tx
    .select({ bookingUuid: orders.bookingUuid, reference: orders.supplierReference })
    .from(orders)
    .where(and(eq(orders.userId, removed.userId), like(orders.availabilityId, `${removed.visitDate}T%`), ne(orders.bookingUuid, bookingUuid), eq(orders.status, 'CONFIRMED')));
  const admitted = new Set(await admittedAmong(tx, sameDay.map((order) => order.bookingUuid)));
  const other = sameDay.find((order) => admitted.has(order.bookingUuid));
  if (other) {
    // The same date, so the same neighbours.
    await tx.insert(memberVisits).values({
      userId: removed.userId,
      visitDate: removed.visitDate,
      bookingUuid: other.bookingUuid,
      bookingReference: other.reference,
      countedAt: at,
      previousVisitDate: removed.previousVisitDate,
      nextVisitDate: removed.nextVisitDate,
    });
    return false;
  }
  // The visits before and after it are now each other's neighbours.
  if (removed.previousVisitDate) await tx.update(memberVisits).set({ nextVisitDate: removed.nextVisitDate }).where(visitOn(removed.userId, removed.previousVisitDate));
  if (removed.nextVisitDate) await tx.update(memberVisits).set({ previousVisitDate: removed.previousVisitDate }).where(visitOn(removed.userId, removed.nextVisitDate));
  await enqueueTierRecompute(tx, removed.userId);
  return true;
}
