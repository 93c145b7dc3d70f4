// The states of a change of a booking (decisions 0018, 0023): what moves are allowed from each. Every status
// write of a change passes through `changeStates.transition` and is conditional on the status it moves from.
// A change that costs nothing more is written DONE at once; a costlier one starts PENDING_PAYMENT.
// - PENDING_PAYMENT: its new places held, its difference's payment open.
// - DONE: the booking moved (final).
// - RELEASED: a newer change replaced it and gave its held places back; its payment is still swept, and a
//   payment that comes anyway is REFUNDED.
// - EXPIRED: its payment closed unpaid; nothing changed (final).
// - REFUNDED: paid, but it could not move: the difference went back (final).
import type { bookingChanges } from '@/server/db/schema';
import { stateMachine } from '@/universal/transition-table';

export type ChangeStatus = (typeof bookingChanges.$inferSelect)['status'];

export const changeStates = stateMachine<ChangeStatus>('booking change', {
  PENDING_PAYMENT: ['DONE', 'RELEASED', 'EXPIRED', 'REFUNDED'],
  RELEASED: ['EXPIRED', 'REFUNDED'],
  DONE: [],
  EXPIRED: [],
  REFUNDED: [],
});

/** The changes a payment may still complete: moved if still waiting, refunded if replaced. */
export const CHANGES_AWAITING_PAYMENT = ['PENDING_PAYMENT', 'RELEASED'] as const satisfies readonly ChangeStatus[];
