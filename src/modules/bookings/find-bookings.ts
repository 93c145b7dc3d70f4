// The office's booking search and booking view: by reference (booking or ticket), e-mail or name, across
// every channel (the website, each reseller), with payments, tickets, admissions and a cancellation.
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingCancellations, orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { bookingWithBuyer, searchBookings, type BookingSearchRow } from '../inventory/booking-search';
import { addonsOfBooking } from '../inventory/addon-stock';
import { admissionsOf, ticketsOf } from '../inventory/booking-tickets';
import { paymentById } from '../payments/ledger';
import { refundStatus } from '../payments/order-refunds';
import { cancellationRefunds } from './cancel-booking';
import { policyRefund } from './cancellation-terms';
import { serverNow } from '@/server/clock';

export type BookingListItem = {
  reference: string;
  status: string;
  channel: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  unitCount: number;
  total: number;
  currency: string;
  name: string | null;
  email: string | null;
  createdAt: string;
};

export type BookingDetail = BookingListItem & {
  bookingUuid: string;
  payment: { provider: string; sessionId: string; orderStatus: string; paidAt: string | null; total: number } | null;
  tickets: { reference: string; unitId: string; price: number }[];
  admissions: { ticket: string; gate: string; by: string | null; at: string; undoneAt: string | null }[];
  cancellation: { refundAmount: number; refundStatus: string; refundTo: 'payment' | 'gift_card'; by: string | null; reason: string | null; at: string } | null;
  /** The booking's add-ons (decision 0050), in the catalogue's order: handed out or not, by whom and when. */
  addons: { addonId: string; quantity: number; handedOutAt: string | null; handedOutBy: string | null }[];
  /** For a paid booking with a ticket admitted: what its cancellation refunds now, whatever staff pick (the
   * policy's, decision 0033), so the confirmation states the amount that will move (decision 0045). */
  usedRefund: number | null;
};

type Row = BookingSearchRow;

function listItem(row: Row): BookingListItem {
  const contact = (row.contact ?? {}) as { fullName?: string; emailAddress?: string };
  const memberName = [row.firstName, row.lastName].filter(Boolean).join(' ');
  return {
    reference: row.reference!,
    status: row.status!,
    channel: row.channel!,
    productId: row.productId!,
    optionId: row.optionId!,
    availabilityId: row.availabilityId!,
    unitCount: row.unitCount!,
    total: row.total!,
    currency: row.currency!,
    name: memberName || contact.fullName || null,
    email: row.email ?? contact.emailAddress ?? null,
    createdAt: row.createdAt!.toISOString(),
  };
}

/** With an external supplier the bookings are its own (decision 0029): the search says so rather than
 * answer "no booking matches" for one that exists there. */
function refuseSupplierOwned(ownInventory: boolean): void {
  if (!ownInventory) throw new AppError('NOT_CHANGEABLE', 'bookingsManagedBySupplier');
}

/** Up to 50 bookings, newest first; holds that were never paid are left out. */
export async function findBookings(db: Database, query: string, ownInventory: boolean): Promise<BookingListItem[]> {
  refuseSupplierOwned(ownInventory);
  const text = query.trim();
  if (text.length < 2) throw new AppError('INVALID_FIELDS', 'searchTooShort');
  return (await searchBookings(db, text)).map(listItem);
}

export async function bookingDetail(db: Database, reference: string, ownInventory: boolean): Promise<BookingDetail> {
  refuseSupplierOwned(ownInventory);
  const upper = reference.trim().toUpperCase();
  const row = await bookingWithBuyer(db, upper);
  if (!row) throw new AppError('NOT_FOUND', 'noSuchReference', { reference: upper });
  const [items, order, admissions, cancellation, addons] = await Promise.all([
    ticketsOf(db, row.id),
    db.select().from(orders).where(eq(orders.bookingUuid, row.uuid)).then((r) => r[0]),
    admissionsOf(db, row.uuid),
    db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, row.uuid)).then((r) => r[0]),
    addonsOfBooking(db, row.uuid),
  ]);
  const payment = order ? await paymentById(db, order.paymentId) : undefined;
  const refunds = cancellation ? await cancellationRefunds(db, cancellation, order) : [];
  return {
    ...listItem(row),
    bookingUuid: row.uuid,
    payment: order && payment
      ? { provider: payment.gateway, sessionId: payment.gatewaySessionId, orderStatus: order.status, paidAt: order.paidAt?.toISOString() ?? null, total: order.total }
      : null,
    tickets: items.map((i) => ({ reference: i.supplierReference, unitId: i.unitId, price: i.price })),
    admissions: admissions.map((a) => ({ ticket: a.ticketReference, gate: a.gate, by: a.byEmail, at: a.redeemedAt.toISOString(), undoneAt: a.undoneAt?.toISOString() ?? null })),
    cancellation: cancellation
      ? { refundAmount: cancellation.refundAmount, refundStatus: refundStatus(refunds, cancellation.refundAmount), refundTo: cancellation.refundTo, by: cancellation.byEmail ?? cancellation.byKind, reason: cancellation.reason, at: cancellation.createdAt.toISOString() }
      : null,
    addons: addons.map((a) => ({ addonId: a.addonId, quantity: a.quantity, handedOutAt: a.handedOutAt?.toISOString() ?? null, handedOutBy: a.handedOutBy })),
    usedRefund: order && admissions.some((a) => !a.undoneAt) ? policyRefund(order, serverNow()).refund : null,
  };
}
