// The states of a member's order (one booking): what moves are allowed from each. Every status write of an
// order passes through `orderStates.transition` and is conditional on the status it moves from.
// - PENDING_PAYMENT: the places are held, its payment (the ledger) is open.
// - CONFIRMED: paid and confirmed at the supplier; CANCELLED later by staff, the operator or the member.
// - REFUNDED: paid after the hold ran out: refunded whole, the booking cancelled.
// - EXPIRED: not written by this version (an unpaid order whose hold ran out stays PENDING_PAYMENT and
//   reads as expired; its payment becomes `expired` in the ledger); no move leads to it or from it.
import type { orders } from '@/server/db/schema';
import { stateMachine } from '@/universal/transition-table';

export type OrderStatus = (typeof orders.$inferSelect)['status'];

export const orderStates = stateMachine<OrderStatus>('order', {
  PENDING_PAYMENT: ['CONFIRMED', 'REFUNDED'],
  CONFIRMED: ['CANCELLED'],
  REFUNDED: [],
  CANCELLED: [],
  EXPIRED: [],
});
