// A booking's tickets and every admission of them at the gate (undone ones included), for the office.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, ticketRedemptions } from '@/server/db/schema';

export async function ticketsOf(db: Database, bookingId: string) {
  return db.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, bookingId)).orderBy(bookingUnitItems.position);
}

/** Admissions of a booking's tickets, newest first. */
export async function admissionsOf(db: Database, bookingUuid: string) {
  return db.select().from(ticketRedemptions).where(eq(ticketRedemptions.bookingUuid, bookingUuid)).orderBy(desc(ticketRedemptions.redeemedAt));
}
