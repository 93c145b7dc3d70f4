// The gate (decision 0019): a scanned or typed code becomes one unmistakable verdict, and a valid ticket
// is admitted exactly once, whichever gate scans it and however many scan it at once (a partial unique
// index on live admissions). What a scan can be: a signed ticket code (the QR), a ticket reference
// (TKT-…), or a booking reference (SKY-…), which shows the party so the gate chooses whom to admit.
// The first admission of a booking redeems it at the supplier and earns the member's visit token, as
// `npm run ops -- redeem` did.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { bookingUnitItems, bookings, orders, ticketRedemptions } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { localDatePart, todayIn } from '@/universal/local-date';
import { creditVisit } from '../loyalty/redeem-tickets';
import { recordAudit, type Actor } from '../staff/audit-log';
import { isTicketCode, verifyTicketCode } from '../tickets/ticket-codes';

export type GateDeps = { db: Database; supplier: SupplierPort; toleranceMinutes: number; now?: () => Date };

export type GateTicket = {
  reference: string;
  unitId: string;
  /** Set when admitted (and not undone). */
  admittedAt: string | null;
  admittedBy: string | null;
  gate: string | null;
};

export type GateBooking = {
  reference: string;
  productId: string;
  optionId: string;
  slotStart: string;
  slotEnd: string;
  /** The slot's local date and start, as the booking shows them. */
  availabilityId: string;
  status: string;
  tickets: GateTicket[];
};

export type Verdict =
  | { verdict: 'VALID'; booking: GateBooking; admitted: string[] }
  | { verdict: 'ALREADY_USED'; booking: GateBooking; usedAt: string; usedBy: string | null; usedGate: string | null }
  | { verdict: 'WRONG_DAY' | 'WRONG_TIME'; booking: GateBooking }
  | { verdict: 'CANCELLED'; booking: GateBooking }
  /** A ticket that a change of its booking replaced (decision 0018): the member has new ones. */
  | { verdict: 'REPLACED'; booking: GateBooking }
  | { verdict: 'UNKNOWN' }
  | { verdict: 'FORGED' };

export type ScanRequest = { code: string; gate: string; by: Actor; /** For a booking reference: the tickets to admit now. */ admit?: string[] };

const BOOKING_REFERENCE = /^SKY-[0-9A-Z]{6}$/;
const TICKET_REFERENCE = /^TKT-[0-9A-Z]{8}$/;
/** How long an admission may be undone. */
export const UNDO_MINUTES = 5;

type BookingRow = typeof bookings.$inferSelect;

/** The booking whose change replaced this ticket, if one did. Only asked for tickets not found among the
 * live ones, so the scan of a good ticket never pays for it. */
async function replacedBy(db: Database, ticket: string): Promise<BookingRow | undefined> {
  const [hit] = await db
    .select({ row: bookings })
    .from(orders)
    .innerJoin(bookings, eq(bookings.uuid, orders.bookingUuid))
    .where(sql`${orders.replacedTickets} @> ${JSON.stringify([{ reference: ticket }])}::jsonb`)
    .limit(1);
  return hit?.row;
}

type Identified = { row: BookingRow; ticket?: string } | { verdict: 'UNKNOWN' | 'FORGED' } | { replaced: BookingRow };

/** What the scanned text names: a booking and, for a ticket, which one; or a verdict already. */
async function identify(db: Database, text: string): Promise<Identified> {
  if (isTicketCode(text)) {
    const check = verifyTicketCode(text);
    if (!check.valid) return { verdict: check.reason === 'forged' ? 'FORGED' : 'UNKNOWN' };
    const [hit] = await db
      .select({ row: bookings })
      .from(bookingUnitItems)
      .innerJoin(bookings, eq(bookings.id, bookingUnitItems.bookingId))
      .where(eq(bookingUnitItems.supplierReference, check.claims.ticket));
    const row = hit?.row ?? (await replacedBy(db, check.claims.ticket));
    if (!row) return { verdict: 'UNKNOWN' };
    // Signed by us, yet naming another booking than the ticket's: not a code we issued for it.
    if (row.supplierReference !== check.claims.booking) return { verdict: 'FORGED' };
    return hit ? { row, ticket: check.claims.ticket } : { replaced: row };
  }
  const reference = text.trim().toUpperCase();
  if (TICKET_REFERENCE.test(reference)) {
    const [hit] = await db.select({ row: bookings }).from(bookingUnitItems).innerJoin(bookings, eq(bookings.id, bookingUnitItems.bookingId)).where(eq(bookingUnitItems.supplierReference, reference));
    if (hit) return { row: hit.row, ticket: reference };
    const replaced = await replacedBy(db, reference);
    return replaced ? { replaced } : { verdict: 'UNKNOWN' };
  }
  if (BOOKING_REFERENCE.test(reference)) {
    const [row] = await db.select().from(bookings).where(eq(bookings.supplierReference, reference));
    return row ? { row } : { verdict: 'UNKNOWN' };
  }
  return { verdict: 'UNKNOWN' };
}

async function gateBooking(db: Database, row: BookingRow): Promise<GateBooking> {
  const [items, live] = await Promise.all([
    db.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, row.id)).orderBy(asc(bookingUnitItems.position)),
    db.select().from(ticketRedemptions).where(and(eq(ticketRedemptions.bookingUuid, row.uuid), isNull(ticketRedemptions.undoneAt))),
  ]);
  const byTicket = new Map(live.map((r) => [r.ticketReference, r]));
  // Redeemed as a whole (npm run ops -- redeem, or before tickets were counted one by one): all used.
  const whole = row.status === 'REDEEMED' && live.length === 0 && row.redeemedAt ? row.redeemedAt.toISOString() : null;
  return {
    reference: row.supplierReference,
    productId: row.productId,
    optionId: row.optionId,
    slotStart: row.slotStart.toISOString(),
    slotEnd: row.slotEnd.toISOString(),
    availabilityId: row.availabilityId,
    status: row.status,
    tickets: items.map((item) => {
      const r = byTicket.get(item.supplierReference);
      return { reference: item.supplierReference, unitId: item.unitId, admittedAt: r?.redeemedAt.toISOString() ?? whole, admittedBy: r?.byEmail ?? null, gate: r?.gate ?? null };
    }),
  };
}

function usedVerdict(booking: GateBooking, ticket: GateTicket | undefined): Verdict {
  const used = ticket ?? booking.tickets.filter((t) => t.admittedAt).sort((a, b) => b.admittedAt!.localeCompare(a.admittedAt!))[0];
  return { verdict: 'ALREADY_USED', booking, usedAt: used?.admittedAt ?? booking.slotStart, usedBy: used?.admittedBy ?? null, usedGate: used?.gate ?? null };
}

export async function scanTicket(deps: GateDeps, request: ScanRequest): Promise<Verdict> {
  const now = (deps.now ?? (() => new Date()))();
  const found = await identify(deps.db, request.code);
  if ('verdict' in found) return { verdict: found.verdict };
  if ('replaced' in found) return { verdict: 'REPLACED', booking: await gateBooking(deps.db, found.replaced) };
  const { row } = found;
  if (row.status === 'ON_HOLD') return { verdict: 'UNKNOWN' };
  const booking = await gateBooking(deps.db, row);
  if (row.status === 'CANCELLED' || row.status === 'EXPIRED') return { verdict: 'CANCELLED', booking };

  const scanned = found.ticket ? booking.tickets.find((t) => t.reference === found.ticket) : undefined;
  const open = booking.tickets.filter((t) => !t.admittedAt);
  if (scanned?.admittedAt || open.length === 0) return usedVerdict(booking, scanned);

  const tolerance = deps.toleranceMinutes * 60_000;
  if (now.getTime() < row.slotStart.getTime() - tolerance || now.getTime() > row.slotEnd.getTime() + tolerance) {
    const sameDay = localDatePart(row.availabilityId) === todayIn(ATTRACTION.timeZone, now);
    return { verdict: sameDay ? 'WRONG_TIME' : 'WRONG_DAY', booking };
  }

  const wanted = scanned ? [scanned.reference] : (request.admit ?? []);
  if (wanted.some((reference) => !booking.tickets.some((t) => t.reference === reference))) {
    throw new AppError('INVALID_FIELDS', 'ticketNotInBooking', { reference: booking.reference });
  }
  const toAdmit = wanted.filter((reference) => open.some((t) => t.reference === reference));
  if (wanted.length > 0 && toAdmit.length === 0) return usedVerdict(booking, booking.tickets.find((t) => t.reference === wanted[0]));
  if (toAdmit.length === 0) return { verdict: 'VALID', booking, admitted: [] };

  const by = request.by;
  const admitted = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .insert(ticketRedemptions)
      .values(
        toAdmit.map((reference) => ({
          ticketReference: reference,
          bookingUuid: row.uuid,
          bookingReference: row.supplierReference,
          gate: request.gate,
          byUserId: by.kind === 'operator' ? null : by.userId,
          byEmail: by.kind === 'operator' ? null : by.email,
          redeemedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ reference: ticketRedemptions.ticketReference });
    if (rows.length > 0) {
      await recordAudit(tx, { actor: by, action: 'ticket.redeem', target: row.supplierReference, after: { tickets: rows.map((r) => r.reference), gate: request.gate } });
    }
    return rows.map((r) => r.reference);
  });
  // Another gate admitted them a moment before.
  if (admitted.length === 0) {
    const fresh = await gateBooking(deps.db, row);
    return usedVerdict(fresh, fresh.tickets.find((t) => t.reference === toAdmit[0]));
  }
  // The booking is redeemed at the supplier, and the visit credited, on its first admission; the rest of
  // the party finds it REDEEMED and skips both (two first admissions at once: both idempotent).
  if (row.status === 'CONFIRMED') {
    await deps.supplier.redeemBooking(row.supplierReference);
    await creditVisit(deps.db, row.uuid);
  }
  return { verdict: 'VALID', booking: await gateBooking(deps.db, { ...row, status: 'REDEEMED' }), admitted };
}

/** Takes back an admission made a moment ago (a wrong scan): the ticket may be scanned again. */
export async function undoAdmission(deps: GateDeps, request: { ticket: string; by: Actor }): Promise<GateBooking> {
  const now = (deps.now ?? (() => new Date()))();
  const reference = request.ticket.trim().toUpperCase();
  const [live] = await deps.db.select().from(ticketRedemptions).where(and(eq(ticketRedemptions.ticketReference, reference), isNull(ticketRedemptions.undoneAt)));
  if (!live) throw new AppError('NOT_FOUND', 'noAdmission', { reference });
  if (now.getTime() - live.redeemedAt.getTime() > UNDO_MINUTES * 60_000) throw new AppError('UNDO_TOO_LATE', 'undoTooLate', { minutes: UNDO_MINUTES });
  const by = request.by;
  const undone = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(ticketRedemptions)
      .set({ undoneAt: now, undoneBy: by.kind === 'operator' ? 'operator' : by.email })
      .where(and(eq(ticketRedemptions.id, live.id), isNull(ticketRedemptions.undoneAt)))
      .returning();
    if (row) await recordAudit(tx, { actor: by, action: 'ticket.undo', target: live.bookingReference, before: { ticket: reference, gate: live.gate, at: live.redeemedAt.toISOString() } });
    return row;
  });
  if (!undone) throw new AppError('NOT_FOUND', 'noAdmission', { reference });
  const remaining = await deps.db.select({ id: ticketRedemptions.id }).from(ticketRedemptions).where(and(eq(ticketRedemptions.bookingUuid, live.bookingUuid), isNull(ticketRedemptions.undoneAt)));
  if (remaining.length === 0) await deps.supplier.undoRedemption?.(live.bookingReference);
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.uuid, live.bookingUuid));
  return gateBooking(deps.db, row!);
}
