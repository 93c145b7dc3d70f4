// The office's booking search and booking view: by reference (booking or ticket), e-mail or name, across
// every channel (the website, each reseller), with payments, tickets, admissions and a cancellation.
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { bookingCancellations, bookingUnitItems, bookings, memberships, orders, ticketRedemptions, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { paymentById } from '../payments/ledger';
import { refundStatus } from '../payments/order-refunds';
import { cancellationRefunds } from './cancel-booking';

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
  cancellation: { refundAmount: number; refundStatus: string; by: string | null; reason: string | null; at: string } | null;
};

const columns = {
  id: bookings.id,
  uuid: bookings.uuid,
  reference: bookings.supplierReference,
  status: bookings.status,
  channel: bookings.resellerId,
  productId: bookings.productId,
  optionId: bookings.optionId,
  availabilityId: bookings.availabilityId,
  unitCount: bookings.unitCount,
  total: bookings.total,
  currency: bookings.currency,
  contact: bookings.contact,
  createdAt: bookings.createdAt,
  firstName: memberships.firstName,
  lastName: memberships.lastName,
  email: users.email,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null };

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

function joined(db: Database) {
  return db.select(columns).from(bookings).leftJoin(orders, eq(orders.bookingUuid, bookings.uuid)).leftJoin(users, eq(users.id, orders.userId)).leftJoin(memberships, eq(memberships.userId, users.id));
}

/** Up to 50 bookings, newest first; holds that were never paid are left out. */
export async function findBookings(db: Database, query: string): Promise<BookingListItem[]> {
  const text = query.trim();
  if (text.length < 2) throw new AppError(422, 'VALIDATION', 'searchTooShort');
  const upper = text.toUpperCase();
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let where;
  if (/^SKY-[0-9A-Z]{6}$/.test(upper)) where = eq(bookings.supplierReference, upper);
  else if (/^TKT-[0-9A-Z]{8}$/.test(upper)) where = sql`${bookings.id} in (select ${bookingUnitItems.bookingId} from ${bookingUnitItems} where ${bookingUnitItems.supplierReference} = ${upper})`;
  else if (text.includes('@')) where = or(ilike(users.email, pattern), sql`${bookings.contact}->>'emailAddress' ilike ${pattern}`);
  else
    where = or(
      ilike(sql`${memberships.firstName} || ' ' || ${memberships.lastName}`, pattern),
      sql`${bookings.contact}->>'fullName' ilike ${pattern}`,
      sql`(${bookings.contact}->>'firstName') || ' ' || (${bookings.contact}->>'lastName') ilike ${pattern}`,
    );
  const rows = await joined(db)
    .where(and(where, sql`${bookings.status} <> 'ON_HOLD'`))
    .orderBy(desc(bookings.createdAt))
    .limit(50);
  return rows.map(listItem);
}

export async function bookingDetail(db: Database, reference: string): Promise<BookingDetail> {
  const upper = reference.trim().toUpperCase();
  const [row] = await joined(db).where(eq(bookings.supplierReference, upper));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'noSuchReference', { reference: upper });
  const [items, order, admissions, cancellation] = await Promise.all([
    db.select().from(bookingUnitItems).where(eq(bookingUnitItems.bookingId, row.id)).orderBy(bookingUnitItems.position),
    db.select().from(orders).where(eq(orders.bookingUuid, row.uuid)).then((r) => r[0]),
    db.select().from(ticketRedemptions).where(eq(ticketRedemptions.bookingUuid, row.uuid)).orderBy(desc(ticketRedemptions.redeemedAt)),
    db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, row.uuid)).then((r) => r[0]),
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
      ? { refundAmount: cancellation.refundAmount, refundStatus: refundStatus(refunds, cancellation.refundAmount), by: cancellation.byEmail ?? cancellation.byKind, reason: cancellation.reason, at: cancellation.createdAt.toISOString() }
      : null,
  };
}
