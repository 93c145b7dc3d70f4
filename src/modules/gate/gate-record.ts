// A booking as the gate needs it, whoever keeps it: our inventory, or an external OCTO supplier read
// through the port (decision 0029). The admissions are always ours (modules/inventory/admissions.ts).
export type GateRecord = {
  uuid: string;
  reference: string;
  productId: string;
  optionId: string;
  availabilityId: string;
  slotStart: Date;
  slotEnd: Date;
  /** OCTO's status: ON_HOLD, CONFIRMED, EXPIRED, CANCELLED, REDEEMED (or a supplier's other words). */
  status: string;
  /** When the supplier redeemed the booking as a whole, if it did. */
  redeemedAt: Date | null;
  tickets: { reference: string; unitId: string }[];
};

/** Where the gate finds bookings: by a ticket's reference, a booking's reference, or a booking's uuid. */
export type GateBookings = {
  /** Whether the bookings are ours, so the gate redeems them at the supplier too. */
  own: boolean;
  byTicket(reference: string): Promise<GateRecord | undefined>;
  byReference(reference: string): Promise<GateRecord | undefined>;
  byUuid(uuid: string): Promise<GateRecord | undefined>;
};
