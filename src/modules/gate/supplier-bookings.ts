// The gate with an external OCTO supplier (decision 0029): the website's order names the booking (its
// tickets are the references we signed codes for), and the booking's state is the supplier's, read
// through the port (GET /bookings/{uuid}). A supplier that cannot be reached is said so, never UNKNOWN.
import type { Booking } from '@octocloud/types';
import { eq, sql } from 'drizzle-orm';
import { SupplierError, type SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { GateBookings, GateRecord } from './gate-record';

type OrderRef = { bookingUuid: string; productId: string; optionId: string; availabilityId: string };
const orderColumns = { bookingUuid: orders.bookingUuid, productId: orders.productId, optionId: orders.optionId, availabilityId: orders.availabilityId };

function record(order: OrderRef, booking: Booking): GateRecord {
  const availability = (booking as Booking & { availability?: { localDateTimeStart?: string; localDateTimeEnd?: string } | null }).availability;
  const start = new Date(availability?.localDateTimeStart ?? booking.availabilityId ?? order.availabilityId);
  const end = availability?.localDateTimeEnd ? new Date(availability.localDateTimeEnd) : start;
  return {
    uuid: booking.uuid,
    reference: booking.supplierReference ?? '',
    productId: booking.productId ?? order.productId,
    optionId: booking.optionId ?? order.optionId,
    availabilityId: booking.availabilityId ?? order.availabilityId,
    slotStart: start,
    slotEnd: end,
    status: booking.status,
    redeemedAt: booking.utcRedeemedAt ? new Date(booking.utcRedeemedAt) : null,
    // As the tickets were made when the order was confirmed (modules/checkout/complete-checkout.ts).
    tickets: booking.unitItems.map((item) => ({ reference: item.supplierReference ?? item.uuid, unitId: item.unitId })),
  };
}

export function supplierBookings(db: Database, supplier: SupplierPort): GateBookings {
  async function read(order: OrderRef | undefined): Promise<GateRecord | undefined> {
    if (!order) return undefined;
    try {
      return record(order, await supplier.getBooking(order.bookingUuid));
    } catch (error) {
      if (error instanceof SupplierError && (error.code === 'INVALID_BOOKING_UUID' || error.code === 'NOT_FOUND')) return undefined;
      throw new AppError('SUPPLIER_FAILED', 'gateSupplierUnreachable');
    }
  }
  return {
    own: false,
    byTicket: async (reference) => {
      const [order] = await db.select(orderColumns).from(orders).where(sql`${orders.tickets} @> ${JSON.stringify([{ reference }])}::jsonb`).limit(1);
      return read(order);
    },
    byReference: async (reference) => {
      const [order] = await db.select(orderColumns).from(orders).where(eq(sql`upper(${orders.supplierReference})`, reference.toUpperCase())).limit(1);
      return read(order);
    },
    byUuid: async (uuid) => {
      const [order] = await db.select(orderColumns).from(orders).where(eq(orders.bookingUuid, uuid));
      return read(order);
    },
  };
}
