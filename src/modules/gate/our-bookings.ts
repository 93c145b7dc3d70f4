// The gate over our own inventory: any reseller's booking, read from the inventory module.
import type { Database } from '@/server/db/client';
import { bookingOfReference, bookingOfTicket, bookingOfUuid, type BookingWithTickets } from '../inventory/gate-lookup';
import type { GateBookings, GateRecord } from './gate-record';

export function ourRecord(found: BookingWithTickets | undefined): GateRecord | undefined {
  if (!found) return undefined;
  const { row, items } = found;
  return {
    uuid: row.uuid,
    reference: row.supplierReference,
    productId: row.productId,
    optionId: row.optionId,
    availabilityId: row.availabilityId,
    slotStart: row.slotStart,
    slotEnd: row.slotEnd,
    status: row.status,
    redeemedAt: row.redeemedAt,
    tickets: items.map((item) => ({ reference: item.supplierReference, unitId: item.unitId })),
  };
}

export function ourBookings(db: Database): GateBookings {
  return {
    own: true,
    byTicket: async (reference) => ourRecord(await bookingOfTicket(db, reference)),
    byReference: async (reference) => ourRecord(await bookingOfReference(db, reference)),
    byUuid: async (uuid) => ourRecord(await bookingOfUuid(db, uuid)),
  };
}
