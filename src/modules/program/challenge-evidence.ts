// What a member's visits show the Sky Moments rules (decision 0043): their counted visit dates, and each of
// their admitted bookings' place in its option's day (first or last slot, from config/catalog.json's
// schedule) and number of tickets. An admitted booking is one with a live admission at the gate; two
// bookings of one date (a sunrise and a sunset) both count here, though the date is one visit.
import { and, eq } from 'drizzle-orm';
import { CATALOG, slotPlanOf } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { memberVisits, orders } from '@/server/db/schema';
import { admittedAmong } from '../inventory/admissions';
import type { ChallengeEvidence, SlotPlace } from './challenge-rules';
import { slotPlace } from './challenge-rules';

/** The slot's place in its option's day as configured; null for an option with opening hours only. */
function placeOf(productId: string, optionId: string, availabilityId: string): SlotPlace {
  const option = CATALOG.products.find((p) => p.id === productId)?.options.find((o) => o.id === optionId);
  if (!option) return null;
  const plan = slotPlanOf(option.schedule);
  if (plan.openingHours) return null;
  // The availability id is the slot's local start: "2027-05-12T21:30:00-04:00".
  return slotPlace(plan.startTimes, availabilityId.slice(11, 16));
}

export async function challengeEvidence(db: Database, userId: string): Promise<ChallengeEvidence> {
  const [visits, confirmed] = await Promise.all([
    db.select({ date: memberVisits.visitDate }).from(memberVisits).where(eq(memberVisits.userId, userId)),
    db
      .select({ bookingUuid: orders.bookingUuid, productId: orders.productId, optionId: orders.optionId, availabilityId: orders.availabilityId, tickets: orders.tickets })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'CONFIRMED'))),
  ]);
  const live = new Set(await admittedAmong(db, confirmed.map((order) => order.bookingUuid)));
  const admitted = confirmed.filter((order) => live.has(order.bookingUuid));
  return {
    visitDates: visits.map((visit) => visit.date),
    slots: admitted.map((order) => placeOf(order.productId, order.optionId, order.availabilityId)),
    partySizes: admitted.map((order) => order.tickets?.length ?? 0),
  };
}
