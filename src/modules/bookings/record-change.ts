// What every change of a booking ends with, once the supplier has moved it: the order takes the new time,
// lines, total and tickets (the old ones kept as replaced), the change is recorded, and the "Your booking
// has changed" e-mail is queued, all in one transaction. Shared by a change that costs nothing more and by
// one whose difference was paid (change-payment.ts).
import { and, count, eq } from 'drizzle-orm';
import type { SupplierBooking } from '@/ports/supplier';
import { bookingChanges, memberships, orders, payments, users, type OrderLine } from '@/server/db/schema';
import type { CheckoutDeps } from '../checkout/deps';
import type { OrderRow } from '../checkout/order-view';
import { renderTicketsEmail } from '../checkout/tickets-email';
import { enqueueMail } from '../email/mail-queue';
import { replaceTicketPoints } from '../program/member-points';
import type { PaymentRow } from '../payments/ledger';
import { paymentStates } from '../payments/payment-states';
import { signTicketCode } from '../tickets/ticket-codes';
import { orderCalendar } from './booking-ics';
import { changeStates } from './change-states';
import { enqueuePlacesFreed } from '../waitlist/places-freed';
import { recordPassUpdates } from '../wallet/pass-updates';

export type ChangeTarget = { selectedTime: string; lines: OrderLine[]; toTotal: number; refund: number; pay: number };

/** The unit items of a selection, without uuids: every ticket is new, the old codes stop admitting. */
/** The columns every booking_changes row starts with: the booking before and the choice after. */
export function changeColumns(order: OrderRow, target: ChangeTarget) {
  return {
    orderId: order.id,
    fromAvailabilityId: order.availabilityId,
    toAvailabilityId: target.selectedTime,
    fromLines: order.lines,
    toLines: target.lines,
    fromTotal: order.total,
    toTotal: target.toTotal,
  };
}

export function unitItemsOf(lines: OrderLine[]) {
  return lines.flatMap((l) => Array.from({ length: l.quantity }, () => ({ unitId: l.unitId })));
}

export async function memberContact(deps: CheckoutDeps, userId: string) {
  const [row] = await deps.db
    .select({ email: users.email, firstName: memberships.firstName, lastName: memberships.lastName })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId));
  return { email: row?.email ?? '', name: [row?.firstName, row?.lastName].filter(Boolean).join(' ') };
}

/**
 * Writes the moved booking into the order and records the change: a new row, or (`paid`) the paid change's
 * own row, which must still be waiting, with its payment confirmed in the same transaction; undefined when
 * another caller finished it first (nothing is written then). Clears the order's lease. Returns the order
 * and the change's id.
 */
export async function recordChange(
  deps: CheckoutDeps,
  order: OrderRow,
  target: ChangeTarget,
  booking: SupplierBooking,
  at: Date,
  paid?: { changeId: string; payment: PaymentRow },
): Promise<{ updated: OrderRow; changeId: string } | undefined> {
  const { db } = deps;
  const tickets = booking.unitItems.map((item) => {
    const reference = item.supplierReference ?? item.uuid;
    return { reference, unitId: item.unitId, code: signTicketCode({ ticket: reference, booking: order.supplierReference, slot: target.selectedTime }) };
  });
  // The calendar's SEQUENCE: the changes made so far (a change waiting for its payment is none).
  const [{ changes: previous = 0 } = {}] = await db
    .select({ changes: count() })
    .from(bookingChanges)
    .where(and(eq(bookingChanges.orderId, order.id), eq(bookingChanges.status, 'DONE')));
  const who = await memberContact(deps, order.userId);
  const recorded = await db.transaction(async (tx) => {
    let changeId: string;
    if (paid) {
      const [done] = await tx
        .update(bookingChanges)
        .set({ status: changeStates.transition('PENDING_PAYMENT', 'DONE') })
        .where(and(eq(bookingChanges.id, paid.changeId), eq(bookingChanges.status, 'PENDING_PAYMENT')))
        .returning({ id: bookingChanges.id });
      if (!done) return undefined;
      changeId = done.id;
      await tx
        .update(payments)
        .set({ state: paymentStates.transition(paid.payment.state, 'confirmed'), confirmedAt: at, leaseUntil: null })
        .where(and(eq(payments.id, paid.payment.id), eq(payments.state, paid.payment.state)));
    } else {
      const [change] = await tx
        .insert(bookingChanges)
        .values({
          ...changeColumns(order, target),
          refundAmount: target.refund,
          createdAt: at,
        })
        .returning({ id: bookingChanges.id });
      changeId = change!.id;
    }
    const [row] = await tx
      .update(orders)
      .set({
        availabilityId: target.selectedTime,
        lines: target.lines,
        total: target.toTotal,
        tickets,
        replacedTickets: [...order.replacedTickets, ...(order.tickets ?? [])],
        completionLeaseUntil: null,
      })
      .where(eq(orders.id, order.id))
      .returning();
    const end = booking.availability?.localDateTimeEnd ?? target.selectedTime;
    const calendar = orderCalendar(row!, end, deps.siteUrl, previous + 1);
    const message = await renderTicketsEmail(row!, who, deps.siteUrl, { calendar, changed: { refund: target.refund, paid: target.pay } });
    await enqueueMail(tx as never, `change:${changeId}`, message);
    // The old tickets' points are void and the new tickets earn theirs, pending (decision 0037).
    await replaceTicketPoints(tx as never, row!, order.tickets ?? [], tickets, at);
    // The old tickets' passes are voided in the wallets that hold them.
    await recordPassUpdates(tx as never, order.id, (order.tickets ?? []).map((t) => t.reference), at);
    // The places the booking left are back on sale: the first in line on their waitlist gets them.
    await enqueuePlacesFreed(tx as never);
    return { updated: row!, changeId };
  });
  return recorded;
}
