// The states of a booking of our own inventory, as OCTO names them: what moves are allowed from each. Every
// status write of the `bookings` table passes through `bookingStates.transition` and is conditional on the
// status it moves from (the rows are locked as well where a transaction reads them first).
// - ON_HOLD: its places held for a while (`expiresAt`); a reseller or our checkout confirms or cancels it.
// - CONFIRMED: sold; REDEEMED at the gate, or CANCELLED before its slot starts (or, once a ticket of it
//   was admitted, until its slot ends: decision 0033).
// - REDEEMED: admitted at the gate; the gate's undo makes it CONFIRMED again; CANCELLED until its slot
//   ends (the admissions stay, as history).
// - EXPIRED: a hold whose time ran out. It is read, not written: a hold past its `expiresAt` reads as
//   EXPIRED (effectiveStatus in booking-row.ts) whether or not anything touched it since; nothing leaves it.
// - CANCELLED: given back (kept for the record, final).
import { stateMachine } from '@/universal/transition-table';
import type { BookingStatus } from './booking-row';

export const bookingStates = stateMachine<BookingStatus>('booking', {
  ON_HOLD: ['CONFIRMED', 'CANCELLED', 'EXPIRED'],
  CONFIRMED: ['REDEEMED', 'CANCELLED'],
  REDEEMED: ['CONFIRMED', 'CANCELLED'],
  EXPIRED: [],
  CANCELLED: [],
});
