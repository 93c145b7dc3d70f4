// The gate (decision 0019): a scanned or typed code becomes one unmistakable verdict, and a valid ticket
// is admitted exactly once, whichever gate scans it and however many scan it at once (a partial unique
// index on live admissions). What a scan can be: a signed ticket code (the QR), a ticket reference
// (TKT-…), or a booking reference (SKY-…), which shows the party so the gate chooses whom to admit.
// The first admission of a booking redeems it at the supplier and earns the member's visit token, as
// `npm run ops -- redeem` did.
import { eq, sql } from 'drizzle-orm';
import { ATTRACTION } from '@/config/attraction';
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { localDatePart, todayIn } from '@/universal/local-date';
import { withBookingLocked } from '../inventory/admit-ticket';
import { addonsOfBooking } from '../inventory/addon-stock';
import { admitTickets, liveAdmission, liveAdmissionsOf, undoAdmissionRow } from '../inventory/admissions';
import { creditVisit } from '../loyalty/redeem-tickets';
import { confirmTicketPoints, unconfirmTicketPoints } from '../program/member-points';
import { earnReferral } from '../program/checkout-rewards';
import { countVisit, uncountVisit } from '../program/member-visits';
import { recordAudit, type Actor } from '../staff/audit-log';
import { isTicketCode, verifyTicketCode } from '../tickets/ticket-codes';
import type { GateBookings, GateRecord } from './gate-record';
import { ourBookings, ourRecord } from './our-bookings';
import { supplierBookings } from './supplier-bookings';
import { serverNow } from '@/server/clock';
import { metrics } from '@/server/metrics';
import { log } from '@/server/log';

export type GateDeps = {
  db: Database;
  supplier: SupplierPort;
  toleranceMinutes: number;
  /** False with an external OCTO supplier: bookings are read through the port (decision 0029). */
  ownInventory: boolean;
  now?: () => Date;
};

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
  /** Booked with an annual pass (decision 0051): the verdict says so. */
  annualPass: boolean;
  /** Add-ons sold with it (decision 0050), to hand out at the gate. */
  addons: GateAddon[];
};

export type GateAddon = { addonId: string; quantity: number; handedOutAt: string | null; handedOutBy: string | null };

export type Verdict =
  | { verdict: 'VALID'; booking: GateBooking; admitted: string[] }
  | { verdict: 'ALREADY_USED'; booking: GateBooking; usedAt: string; usedBy: string | null; usedGate: string | null }
  | { verdict: 'WRONG_DAY' | 'WRONG_TIME'; booking: GateBooking }
  | { verdict: 'CANCELLED'; booking: GateBooking }
  /** A ticket that a change of its booking replaced (decision 0018): the member has new ones. */
  | { verdict: 'CHANGED'; booking: GateBooking }
  | { verdict: 'UNKNOWN' }
  | { verdict: 'FORGED' };

export type ScanRequest = {
  code: string;
  gate: string;
  by: Actor;
  /** For a booking reference: the tickets to admit now. */
  admit?: string[];
  /** When an offline gate scanned it (decision 0054): the verdict and the admission are as of then. */
  scannedAt?: Date;
};

const BOOKING_REFERENCE = /^SKY-[0-9A-Z]{6}$/;
const TICKET_REFERENCE = /^TKT-[0-9A-Z]{8}$/;
/** How long an admission may be undone. */
export const UNDO_MINUTES = 5;

/** A scan that is no code and no reference of any shape: too long to be either. */
const MAX_TYPED_LENGTH = 100;

/** The booking whose change replaced this ticket, if one did. Only asked for tickets not found among the
 * live ones, so the scan of a good ticket never pays for it. */
async function replacedBy(db: Database, bookings: GateBookings, ticket: string): Promise<GateRecord | undefined> {
  const [hit] = await db
    .select({ bookingUuid: orders.bookingUuid })
    .from(orders)
    .where(sql`${orders.replacedTickets} @> ${JSON.stringify([{ reference: ticket }])}::jsonb`)
    .limit(1);
  return hit ? bookings.byUuid(hit.bookingUuid) : undefined;
}

type Identified = { row: GateRecord; ticket?: string } | { verdict: 'UNKNOWN' | 'FORGED' } | { replaced: GateRecord };

/** What the scanned text names: a booking and, for a ticket, which one; or a verdict already. */
async function identify(db: Database, bookings: GateBookings, text: string): Promise<Identified> {
  if (isTicketCode(text)) {
    const check = verifyTicketCode(text);
    if (!check.valid) return { verdict: check.reason === 'forged' ? 'FORGED' : 'UNKNOWN' };
    const hit = await bookings.byTicket(check.claims.ticket);
    // A code we signed whose ticket its booking no longer holds: a change replaced it (found by the booking
    // the code names even while the change is between the supplier's commit and the order's).
    const row = hit ?? (await replacedBy(db, bookings, check.claims.ticket)) ?? (await bookings.byReference(check.claims.booking));
    if (!row) return { verdict: 'UNKNOWN' };
    // Signed by us, yet naming another booking than the ticket's: not a code we issued for it.
    if (row.reference !== check.claims.booking) return { verdict: 'FORGED' };
    return hit ? { row, ticket: check.claims.ticket } : { replaced: row };
  }
  const typed = text.trim();
  if (typed.length === 0 || typed.length > MAX_TYPED_LENGTH) return { verdict: 'UNKNOWN' };
  const reference = typed.toUpperCase();
  // Our references have shapes; an external supplier's are its own, so both lookups are tried.
  const asTicket = bookings.own ? (TICKET_REFERENCE.test(reference) ? reference : undefined) : typed;
  const asBooking = bookings.own ? (BOOKING_REFERENCE.test(reference) ? reference : undefined) : reference;
  if (asBooking) {
    const row = await bookings.byReference(asBooking);
    if (row) return { row };
  }
  if (asTicket) {
    const hit = (await bookings.byTicket(asTicket)) ?? (asTicket !== reference ? await bookings.byTicket(reference) : undefined);
    if (hit) return { row: hit, ticket: hit.tickets.find((t) => t.reference.toUpperCase() === reference)?.reference };
    const replaced = await replacedBy(db, bookings, asTicket);
    return replaced ? { replaced } : { verdict: 'UNKNOWN' };
  }
  return { verdict: 'UNKNOWN' };
}

export async function gateBooking(db: Database, row: GateRecord): Promise<GateBooking> {
  const [live, addons] = await Promise.all([liveAdmissionsOf(db, row.uuid), addonsOfBooking(db, row.uuid)]);
  const byTicket = new Map(live.map((r) => [r.ticketReference, r]));
  // Redeemed as a whole (npm run ops -- redeem, a supplier's own gate, or before tickets were counted one
  // by one): all used.
  const whole = row.status === 'REDEEMED' && live.length === 0 ? (row.redeemedAt ?? row.slotStart).toISOString() : null;
  const [order] = await db.select({ passId: orders.passId }).from(orders).where(eq(orders.bookingUuid, row.uuid));
  return {
    reference: row.reference,
    productId: row.productId,
    optionId: row.optionId,
    slotStart: row.slotStart.toISOString(),
    slotEnd: row.slotEnd.toISOString(),
    availabilityId: row.availabilityId,
    status: row.status,
    annualPass: Boolean(order?.passId),
    tickets: row.tickets.map((item) => {
      const r = byTicket.get(item.reference);
      return { reference: item.reference, unitId: item.unitId, admittedAt: r?.redeemedAt.toISOString() ?? whole, admittedBy: r?.byEmail ?? null, gate: r?.gate ?? null };
    }),
    addons: addons.map((a) => ({ addonId: a.addonId, quantity: a.quantity, handedOutAt: a.handedOutAt?.toISOString() ?? null, handedOutBy: a.handedOutBy })),
  };
}

/** The booking as read before an admission, with these tickets now admitted. */
function withAdmitted(booking: GateBooking, references: string[], admission: { at: string; by: string | null; gate: string }): GateBooking {
  const admitted = new Set(references);
  return {
    ...booking,
    tickets: booking.tickets.map((t) => (admitted.has(t.reference) ? { ...t, admittedAt: admission.at, admittedBy: admission.by, gate: admission.gate } : t)),
  };
}

export const bookingsOf = (deps: GateDeps): GateBookings => (deps.ownInventory ? ourBookings(deps.db) : supplierBookings(deps.db, deps.supplier));

function usedVerdict(booking: GateBooking, ticket: GateTicket | undefined): Verdict {
  const used = ticket ?? booking.tickets.filter((t) => t.admittedAt).sort((a, b) => b.admittedAt!.localeCompare(a.admittedAt!))[0];
  return { verdict: 'ALREADY_USED', booking, usedAt: used?.admittedAt ?? booking.slotStart, usedBy: used?.admittedBy ?? null, usedGate: used?.gate ?? null };
}

type Decided = { verdict: Verdict; firstAdmission: boolean };

/** The verdict on `row` as the transaction `tx` sees it, and the admission it records there. For our own
 * inventory `tx` holds the booking's row lock (inventory/admit-ticket.ts), so a change or a cancellation
 * racing the scan is wholly before it or wholly after it (decision 0033). */
async function decide(deps: GateDeps, tx: Database, row: GateRecord | undefined, ticket: string | undefined, request: ScanRequest, now: Date): Promise<Decided> {
  if (!row) return { verdict: { verdict: 'UNKNOWN' }, firstAdmission: false };
  const booking = await gateBooking(tx, row);
  // A change moved the booking since the ticket was looked up: its tickets were replaced.
  if (ticket && !row.tickets.some((t) => t.reference === ticket)) return { verdict: { verdict: 'CHANGED', booking }, firstAdmission: false };
  if (row.status === 'CANCELLED' || row.status === 'EXPIRED') return { verdict: { verdict: 'CANCELLED', booking }, firstAdmission: false };
  // A hold, or a sale an external supplier has not confirmed yet (OCTO's PENDING): no ticket that admits.
  if (row.status !== 'CONFIRMED' && row.status !== 'REDEEMED') return { verdict: { verdict: 'UNKNOWN' }, firstAdmission: false };

  const scanned = ticket ? booking.tickets.find((t) => t.reference === ticket) : undefined;
  const open = booking.tickets.filter((t) => !t.admittedAt);
  if (scanned?.admittedAt || open.length === 0) return { verdict: usedVerdict(booking, scanned), firstAdmission: false };

  const tolerance = deps.toleranceMinutes * 60_000;
  if (now.getTime() < row.slotStart.getTime() - tolerance || now.getTime() > row.slotEnd.getTime() + tolerance) {
    const sameDay = localDatePart(row.availabilityId) === todayIn(ATTRACTION.timeZone, now);
    return { verdict: { verdict: sameDay ? 'WRONG_TIME' : 'WRONG_DAY', booking }, firstAdmission: false };
  }

  const wanted = scanned ? [scanned.reference] : (request.admit ?? []);
  if (wanted.some((reference) => !booking.tickets.some((t) => t.reference === reference))) {
    throw new AppError('INVALID_FIELDS', 'ticketNotInBooking', { reference: booking.reference });
  }
  const toAdmit = wanted.filter((reference) => open.some((t) => t.reference === reference));
  if (wanted.length > 0 && toAdmit.length === 0) return { verdict: usedVerdict(booking, booking.tickets.find((t) => t.reference === wanted[0])), firstAdmission: false };
  if (toAdmit.length === 0) return { verdict: { verdict: 'VALID', booking, admitted: [] }, firstAdmission: false };

  const by = request.by;
  const admitted = await admitTickets(
    tx,
    toAdmit.map((reference) => ({
      ticketReference: reference,
      bookingUuid: row.uuid,
      bookingReference: row.reference,
      gate: request.gate,
      byUserId: by.kind === 'operator' ? null : by.userId,
      byEmail: by.kind === 'operator' ? null : by.email,
      redeemedAt: now,
      recordedAt: (deps.now ?? serverNow)(),
    })),
  );
  // Under our booking's row lock nothing else admits meanwhile: the tickets just admitted are the only change,
  // so the booking is not read again (three round trips fewer in the gate's busiest path).
  const fresh =
    deps.ownInventory && admitted.length === toAdmit.length
      ? withAdmitted(booking, admitted, { at: now.toISOString(), by: by.kind === 'operator' ? null : by.email, gate: request.gate })
      : await gateBooking(tx, row);
  // Another gate admitted them a moment before (an external supplier's booking: no row lock of ours).
  if (admitted.length === 0) return { verdict: usedVerdict(fresh, fresh.tickets.find((t) => t.reference === toAdmit[0])), firstAdmission: false };
  await recordAudit(tx, { actor: by, action: 'ticket.redeem', target: row.reference, after: { tickets: admitted, gate: request.gate } });
  // The member's visit of the date, with the admission or not at all (decision 0036).
  await countVisit(tx, row.uuid, now);
  // The admitted tickets' points confirmed, with the admission too (decision 0037).
  await confirmTicketPoints(tx, row.uuid, admitted, now);
  // A friend's visit through a guest pass earns the member their referral points, once (decision 0042).
  await earnReferral(tx, row.uuid, now);
  const status = row.status === 'CONFIRMED' && deps.ownInventory ? 'REDEEMED' : fresh.status;
  return { verdict: { verdict: 'VALID', booking: { ...fresh, status }, admitted }, firstAdmission: row.status === 'CONFIRMED' };
}

/** A scan's verdict, counted by verdict for the operators (src/server/metrics.ts). */
export async function scanTicket(deps: GateDeps, request: ScanRequest): Promise<Verdict> {
  const verdict = await judgeScan(deps, request);
  metrics().gateScans.inc({ verdict: verdict.verdict });
  return verdict;
}

async function judgeScan(deps: GateDeps, request: ScanRequest): Promise<Verdict> {
  const now = request.scannedAt ?? (deps.now ?? serverNow)();
  const bookings = bookingsOf(deps);
  const found = await identify(deps.db, bookings, request.code);
  if ('verdict' in found) return { verdict: found.verdict };
  if ('replaced' in found) return { verdict: 'CHANGED', booking: await gateBooking(deps.db, found.replaced) };
  const { verdict, firstAdmission } = bookings.own
    ? await withBookingLocked(deps.db, found.row.uuid, (tx, locked) => decide(deps, tx, ourRecord(locked), found.ticket, request, now))
    : await deps.db.transaction((tx) => decide(deps, tx as unknown as Database, found.row, found.ticket, request, now));
  // Our booking is marked redeemed, and the visit credited, on its first admission; the rest of the party
  // finds it REDEEMED and skips both (two first admissions at once: both idempotent). The admission is the
  // record (a change or a cancellation sees it), so a failure here leaves the place used all the same; a
  // cancellation right after the admission (decision 0033) leaves nothing to mark. An external supplier has
  // no redemption call in OCTO: our admissions are the record.
  if (firstAdmission) {
    if (bookings.own) {
      await deps.supplier.redeemBooking(found.row.reference).catch((error: unknown) => {
        if (error instanceof SupplierError && error.details?.status === 'CANCELLED') return;
        log.error('[gate] the booking stays CONFIRMED', { reference: found.row.reference, error });
      });
    }
    await creditVisit(deps.db, found.row.uuid);
  }
  return verdict;
}

/** Takes back an admission made a moment ago (a wrong scan): the ticket may be scanned again. */
export async function undoAdmission(deps: GateDeps, request: { ticket: string; by: Actor }): Promise<GateBooking> {
  const now = (deps.now ?? serverNow)();
  const bookings = bookingsOf(deps);
  const typed = request.ticket.trim();
  const live = (await liveAdmission(deps.db, typed.toUpperCase())) ?? (bookings.own ? undefined : await liveAdmission(deps.db, typed));
  const reference = live?.ticketReference ?? typed.toUpperCase();
  if (!live) throw new AppError('NOT_FOUND', 'noAdmission', { reference });
  if (now.getTime() - live.redeemedAt.getTime() > UNDO_MINUTES * 60_000) throw new AppError('UNDO_TOO_LATE', 'undoTooLate', { minutes: UNDO_MINUTES });
  const by = request.by;
  const undo = async (tx: Database) => {
    const row = await undoAdmissionRow(tx, live.id, by.kind === 'operator' ? 'operator' : by.email, now);
    if (!row) return row;
    await recordAudit(tx, { actor: by, action: 'ticket.undo', target: live.bookingReference, before: { ticket: reference, gate: live.gate, at: live.redeemedAt.toISOString() } });
    // The ticket's points wait for its admission again (decision 0037).
    await unconfirmTicketPoints(tx, live.bookingUuid, live.ticketReference, now);
    // No one of the booking admitted any more: it is no visit of its member (decision 0036).
    if ((await liveAdmissionsOf(tx, live.bookingUuid)).length === 0) await uncountVisit(tx, live.bookingUuid, now);
    return row;
  };
  // Our booking's row lock, as a scan takes it: an undo and an admission of one party one after the other.
  const undone = bookings.own
    ? await withBookingLocked(deps.db, live.bookingUuid, (tx) => undo(tx))
    : await deps.db.transaction((tx) => undo(tx as unknown as Database));
  if (!undone) throw new AppError('NOT_FOUND', 'noAdmission', { reference });
  const remaining = await liveAdmissionsOf(deps.db, live.bookingUuid);
  if (remaining.length === 0 && bookings.own) await deps.supplier.undoRedemption?.(live.bookingReference);
  const row = await bookings.byUuid(live.bookingUuid);
  if (!row) throw new AppError('NOT_FOUND', 'noAdmission', { reference });
  return gateBooking(deps.db, row);
}
