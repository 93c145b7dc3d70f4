// The gate's reads of our inventory: the booking a ticket or a booking reference names, any reseller's,
// with its tickets in order.
import { asc, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings } from '@/server/db/schema';
import type { BookingRow, UnitItemRow } from './booking-row';

export type BookingWithTickets = { row: BookingRow; items: UnitItemRow[] };

async function withTickets(db: Database, row: BookingRow | undefined): Promise<BookingWithTickets | undefined> {
  if (!row) return undefined;
  const items = await db.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, row.id)).orderBy(asc(bookingUnitItems.position));
  return { row, items };
}

/** The booking holding the ticket with this reference (TKT-…). */
export async function bookingOfTicket(db: Database, ticketReference: string): Promise<BookingWithTickets | undefined> {
  const [hit] = await db.select({ row: bookings }).from(bookingUnitItems).innerJoin(bookings, eq(bookings.id, bookingUnitItems.bookingId)).where(eq(bookingUnitItems.supplierReference, ticketReference));
  return withTickets(db, hit?.row);
}

/** The booking with this supplier reference (SKY-…). */
export async function bookingOfReference(db: Database, reference: string): Promise<BookingWithTickets | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.supplierReference, reference));
  return withTickets(db, row);
}

/** The booking with this uuid. */
export async function bookingOfUuid(db: Database, uuid: string): Promise<BookingWithTickets | undefined> {
  const [row] = await db.select().from(bookings).where(eq(bookings.uuid, uuid));
  return withTickets(db, row);
}
