// Tickets admitted at our gate, one row per admission, whoever supplies the booking (our inventory or an
// external supplier). A ticket is admitted once: a partial unique index lets one row per ticket be live
// (not undone), so concurrent scans from several gates admit it once. An undo keeps the row, marked.
import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookings, ticketRedemptions } from '@/server/db/schema';

export type Admission = typeof ticketRedemptions.$inferSelect;
export type NewAdmission = {
  ticketReference: string;
  bookingUuid: string;
  bookingReference: string;
  gate: string;
  byUserId: string | null;
  byEmail: string | null;
  redeemedAt: Date;
  /** When the server writes it: later than `redeemedAt` for a scan an offline gate sent afterwards (decision 0054). */
  recordedAt?: Date;
};

/** The live (not undone) admissions of a booking's tickets. */
export async function liveAdmissionsOf(db: Database, bookingUuid: string): Promise<Admission[]> {
  return db.select().from(ticketRedemptions).where(and(eq(ticketRedemptions.bookingUuid, bookingUuid), isNull(ticketRedemptions.undoneAt)));
}

/** Whether a ticket of the booking is admitted (and not undone): a used booking does not change, and its
 * cancellation refunds what the policy gives, never more (decision 0033). Asked under the booking's row
 * lock, the gate's lock too (admit-ticket.ts), or once the booking is cancelled (no admission follows). */
export async function isAdmitted(db: Database, bookingUuid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ticketRedemptions.id })
    .from(ticketRedemptions)
    .where(and(eq(ticketRedemptions.bookingUuid, bookingUuid), isNull(ticketRedemptions.undoneAt)))
    .limit(1);
  return row !== undefined;
}

/** The live admission of one ticket, if any. */
export async function liveAdmission(db: Database, ticketReference: string): Promise<Admission | undefined> {
  const [row] = await db.select().from(ticketRedemptions).where(and(eq(ticketRedemptions.ticketReference, ticketReference), isNull(ticketRedemptions.undoneAt)));
  return row;
}

/** The booking's count of live admissions moved by `change`, in the admission's (or undo's) transaction. */
async function countAdmitted(tx: Database, bookingUuid: string, change: number): Promise<void> {
  await tx
    .update(bookings)
    .set({ admittedCount: sql`greatest(${bookings.admittedCount} + ${change}, 0)` })
    .where(eq(bookings.uuid, bookingUuid));
}

/** Admits the tickets not admitted yet (inside the caller's transaction, beside its audit entry); returns those admitted now. */
export async function admitTickets(tx: Database, admissions: NewAdmission[]): Promise<string[]> {
  if (admissions.length === 0) return [];
  const rows = await tx
    .insert(ticketRedemptions)
    .values(admissions)
    .onConflictDoNothing()
    .returning({ reference: ticketRedemptions.ticketReference, bookingUuid: ticketRedemptions.bookingUuid });
  const perBooking = new Map<string, number>();
  for (const row of rows) perBooking.set(row.bookingUuid, (perBooking.get(row.bookingUuid) ?? 0) + 1);
  // An external supplier's booking has no row of ours: nothing to count there.
  for (const [bookingUuid, admitted] of perBooking) await countAdmitted(tx, bookingUuid, admitted);
  return rows.map((r) => r.reference);
}

/** Undoes one live admission (inside the caller's transaction); undefined when another undo came first. */
export async function undoAdmissionRow(tx: Database, id: string, undoneBy: string, at: Date): Promise<Admission | undefined> {
  const [row] = await tx
    .update(ticketRedemptions)
    .set({ undoneAt: at, undoneBy })
    .where(and(eq(ticketRedemptions.id, id), isNull(ticketRedemptions.undoneAt)))
    .returning();
  if (row) await countAdmitted(tx, row.bookingUuid, -1);
  return row;
}

/** Those of the bookings with a live admission (a member's other bookings of a day, decision 0036). */
export async function admittedAmong(db: Database, bookingUuids: string[]): Promise<string[]> {
  if (bookingUuids.length === 0) return [];
  const rows = await db
    .selectDistinct({ bookingUuid: ticketRedemptions.bookingUuid })
    .from(ticketRedemptions)
    .where(and(inArray(ticketRedemptions.bookingUuid, bookingUuids), isNull(ticketRedemptions.undoneAt)));
  return rows.map((r) => r.bookingUuid);
}

/** A condition for a query of another table: the booking named by `bookingUuid` (a column) has a live
 * admission. One query instead of a list of a member's bookings sent back (getMembership's p99, issue #24). */
export function hasLiveAdmission(bookingUuid: SQLWrapper): SQL {
  return sql`exists (select 1 from ${ticketRedemptions} where ${ticketRedemptions.bookingUuid} = ${bookingUuid} and ${ticketRedemptions.undoneAt} is null)`;
}
