// What a member's visits show the Sky Moments rules (decision 0043): their counted visit dates, and the
// places in their option's day (first or last slot, from config/catalog.json's schedule) and the numbers of
// tickets of their admitted bookings. An admitted booking is one with a live admission at the gate; two
// bookings of one date (a sunrise and a sunset) both count here, though the date is one visit.
// The bookings come grouped by option and start time, with their largest party, in one query: the rules
// only ask whether a place or a party size is among them, and a member of 200 visits then sends a handful
// of rows, not 200 orders and their admissions (getMembership's p99, bench/membership.mjs).
import { and, eq, sql } from 'drizzle-orm';
import { currentCatalog, slotPlanOf } from '@/config/catalog';
import type { Database } from '@/server/db/client';
import { memberVisits, orders } from '@/server/db/schema';
import { hasLiveAdmission } from '../inventory/admissions';
import type { ChallengeEvidence, SlotPlace } from './challenge-rules';
import { slotPlace } from './challenge-rules';

/** The slot's place in its option's day as configured; null for an option with opening hours only. */
function placeOf(productId: string, optionId: string, startTime: string): SlotPlace {
  const option = currentCatalog().products.find((p) => p.id === productId)?.options.find((o) => o.id === optionId);
  if (!option) return null;
  const plan = slotPlanOf(option.schedule);
  if (plan.openingHours) return null;
  return slotPlace(plan.startTimes, startTime);
}

export async function challengeEvidence(db: Database, userId: string): Promise<ChallengeEvidence> {
  // The availability id is the slot's local start: "2027-05-12T21:30:00-04:00", its time from the 12th character.
  const startTime = sql<string>`substr(${orders.availabilityId}, 12, 5)`;
  const [visits, admitted] = await Promise.all([
    db.select({ date: memberVisits.visitDate }).from(memberVisits).where(eq(memberVisits.userId, userId)),
    db
      .select({
        productId: orders.productId,
        optionId: orders.optionId,
        startTime,
        party: sql<number>`max(coalesce(jsonb_array_length(${orders.tickets}), 0))::int`,
      })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'CONFIRMED'), hasLiveAdmission(orders.bookingUuid)))
      .groupBy(orders.productId, orders.optionId, startTime),
  ]);
  return {
    visitDates: visits.map((visit) => visit.date),
    slots: admitted.map((group) => placeOf(group.productId, group.optionId, group.startTime)),
    partySizes: admitted.map((group) => Number(group.party)),
  };
}
