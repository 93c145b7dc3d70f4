// The points ledger's writes (decision 0037), each inside the transaction of the event that causes it:
// the payment that confirms a member's order earns its tickets' points, pending; the gate's admission
// confirms a ticket's points (an undo puts them back to pending); a cancellation or refund voids the
// booking's points; a change voids the replaced tickets' points and earns the new tickets'. Only members'
// orders earn: a reseller's booking has no order. Every state write is conditional on the state it leaves.
// Each write that changes a member's points updates their wallet membership card (decision 0043).
import { and, eq, inArray } from 'drizzle-orm';
import { TIME_ZONE } from '@/config/attraction';
import { currentPointsRules } from '@/config/points';
import type { Database } from '@/server/db/client';
import { memberPoints } from '@/server/db/schema';
import { todayIn } from '@/universal/local-date';
import { pointsExpireOn, pointsForTicket } from './points-rule';
import { recordMemberCardUpdate } from '../wallet/member-card-updates';
import { pointsStates } from './points-states';

type EarningOrder = { id: string; userId: string; bookingUuid: string; supplierReference: string; productId: string };
type Ticket = { reference: string; unitId: string };
export type VoidReason = 'cancelled' | 'refunded' | 'changed';

/** Writes the pending points of the order's tickets (a ticket earns once: a second call adds nothing). */
export async function earnPendingPoints(tx: Database, order: EarningOrder, tickets: Ticket[], at: Date): Promise<number> {
  const rules = currentPointsRules();
  const lines = tickets
    .map((ticket) => ({ ticket, points: pointsForTicket(rules, order.productId, ticket.unitId) }))
    .filter((line) => line.points > 0)
    .map(({ ticket, points }) => ({
      userId: order.userId,
      reason: 'ticket' as const,
      points,
      state: 'pending' as const,
      orderId: order.id,
      bookingUuid: order.bookingUuid,
      bookingReference: order.supplierReference,
      ticketReference: ticket.reference,
      unitId: ticket.unitId,
      earnedAt: at,
    }));
  if (lines.length === 0) return 0;
  const written = await tx.insert(memberPoints).values(lines).onConflictDoNothing().returning({ points: memberPoints.points });
  if (written.length > 0) await recordMemberCardUpdate(tx, order.userId, at);
  return written.reduce((sum, line) => sum + line.points, 0);
}

/** Confirms the pending points of the tickets admitted now (inside the admission's transaction); they
 * expire `expiryMonths` after the admission's New York date. */
/** `ticketReferences`: the tickets admitted; 'all' for a booking redeemed as a whole (`npm run ops -- redeem`). */
export async function confirmTicketPoints(tx: Database, bookingUuid: string, ticketReferences: string[] | 'all', at: Date): Promise<void> {
  if (ticketReferences.length === 0) return;
  const expiresOn = pointsExpireOn(currentPointsRules(), todayIn(TIME_ZONE, at));
  const confirmed = await tx
    .update(memberPoints)
    .set({ state: pointsStates.transition('pending', 'confirmed'), confirmedAt: at, expiresOn })
    .where(
      and(
        eq(memberPoints.bookingUuid, bookingUuid),
        ticketReferences === 'all' ? undefined : inArray(memberPoints.ticketReference, ticketReferences),
        eq(memberPoints.state, 'pending'),
      ),
    )
    .returning({ userId: memberPoints.userId });
  await updateCardsOf(tx, confirmed, at);
}

/** The membership cards of the members whose lines a write changed. */
async function updateCardsOf(tx: Database, changed: { userId: string }[], at: Date): Promise<void> {
  for (const userId of new Set(changed.map((line) => line.userId))) await recordMemberCardUpdate(tx, userId, at);
}

/** An undone admission: the ticket's points wait for the next admission again (unless some were spent). */
export async function unconfirmTicketPoints(tx: Database, bookingUuid: string, ticketReference: string, at: Date): Promise<void> {
  const unconfirmed = await tx
    .update(memberPoints)
    .set({ state: pointsStates.transition('confirmed', 'pending'), confirmedAt: null, expiresOn: null })
    .where(and(eq(memberPoints.bookingUuid, bookingUuid), eq(memberPoints.ticketReference, ticketReference), eq(memberPoints.state, 'confirmed'), eq(memberPoints.spent, 0)))
    .returning({ userId: memberPoints.userId });
  await updateCardsOf(tx, unconfirmed, at);
}

/** Voids the booking's open points (those of `ticketReferences` only, when given); answers how many points. */
export async function voidBookingPoints(tx: Database, bookingUuid: string, reason: VoidReason, at: Date, ticketReferences?: string[]): Promise<number> {
  if (ticketReferences?.length === 0) return 0;
  const closed = { closedAt: at, closeReason: reason };
  const ofTickets = ticketReferences ? inArray(memberPoints.ticketReference, ticketReferences) : undefined;
  let voided = 0;
  for (const from of ['pending', 'confirmed'] as const) {
    const rows = await tx
      .update(memberPoints)
      .set({ state: pointsStates.transition(from, 'void'), ...closed })
      .where(and(eq(memberPoints.bookingUuid, bookingUuid), eq(memberPoints.state, from), ofTickets))
      .returning({ points: memberPoints.points, userId: memberPoints.userId });
    voided += rows.reduce((sum, row) => sum + row.points, 0);
    await updateCardsOf(tx, rows, at);
  }
  return voided;
}

/** A change replaced the order's tickets (inside the change's transaction): the old tickets' points are
 * void, the new tickets earn theirs pending, so the pending total is always the current tickets'. */
export async function replaceTicketPoints(tx: Database, order: EarningOrder, replaced: Ticket[], tickets: Ticket[], at: Date): Promise<void> {
  await voidBookingPoints(
    tx,
    order.bookingUuid,
    'changed',
    at,
    replaced.map((ticket) => ticket.reference),
  );
  await earnPendingPoints(tx, order, tickets, at);
}
