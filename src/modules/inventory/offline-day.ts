// What an offline gate holds of a day (decision 0054): the day's tickets with their booking's status, and
// the day's admissions; or only what changed since a time, for the gates' polls every few seconds.
import { and, asc, eq, gt, inArray, isNull, like, or } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings, ticketRedemptions } from '@/server/db/schema';

export type DayTicketRow = {
  ticket: string;
  unitId: string;
  booking: string;
  status: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  slotStart: Date;
  slotEnd: Date;
};

export type DayAdmissionRow = { ticket: string; booking: string; gate: string; at: Date; undoneAt: Date | null };

const dayOf = (date: string) => like(bookings.availabilityId, `${date}T%`);

/** The tickets of the day's sold bookings (holds are no tickets yet), or of those changed since `since`. */
export async function ticketsOfDay(db: Database, date: string, since?: Date): Promise<DayTicketRow[]> {
  return db
    .select({
      ticket: bookingUnitItems.supplierReference,
      unitId: bookingUnitItems.unitId,
      booking: bookings.supplierReference,
      status: bookings.status,
      productId: bookings.productId,
      optionId: bookings.optionId,
      availabilityId: bookings.availabilityId,
      slotStart: bookings.slotStart,
      slotEnd: bookings.slotEnd,
    })
    .from(bookingUnitItems)
    .innerJoin(bookings, eq(bookings.id, bookingUnitItems.bookingId))
    .where(and(dayOf(date), inArray(bookings.status, ['CONFIRMED', 'REDEEMED', 'CANCELLED', 'EXPIRED']), since ? gt(bookings.updatedAt, since) : undefined))
    .orderBy(asc(bookings.slotStart), asc(bookingUnitItems.bookingId), asc(bookingUnitItems.position));
}

/** The live admissions of the day's bookings; with `since`, those recorded or undone since (an undone one
 * tells the gates the ticket admits again). */
export async function admissionsOfDay(db: Database, date: string, since?: Date): Promise<DayAdmissionRow[]> {
  return db
    .select({ ticket: ticketRedemptions.ticketReference, booking: ticketRedemptions.bookingReference, gate: ticketRedemptions.gate, at: ticketRedemptions.redeemedAt, undoneAt: ticketRedemptions.undoneAt })
    .from(ticketRedemptions)
    .innerJoin(bookings, eq(bookings.uuid, ticketRedemptions.bookingUuid))
    .where(
      and(
        dayOf(date),
        since ? or(gt(ticketRedemptions.recordedAt, since), gt(ticketRedemptions.undoneAt, since)) : isNull(ticketRedemptions.undoneAt),
      ),
    );
}
