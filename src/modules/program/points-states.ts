// The states of a points line (decision 0037), one table like every entity's (DESIGN principle 13):
// - pending: written with the payment that confirmed the order; waits for the ticket's admission.
// - confirmed: the ticket was admitted; counts in the balance until it expires (back to pending if the
//   admission is undone).
// - void: the booking was cancelled or refunded, or a change replaced the ticket (final).
// - expired: confirmed points past their expiry date (final).
import type { memberPoints } from '@/server/db/schema';
import { stateMachine } from '@/universal/transition-table';

export type PointsState = (typeof memberPoints.$inferSelect)['state'];

export const pointsStates = stateMachine<PointsState>('member points', {
  pending: ['confirmed', 'void'],
  // Void: a booking an external supplier cancels after our gate admitted it (the supplier decides).
  confirmed: ['pending', 'expired', 'void'],
  void: [],
  expired: [],
});
