// The states of a waitlist entry (decision 0024, 0032): what moves are allowed from each. Every status write
// of `waitlist_entries` passes through `waitlistStates.transition` and is conditional on the status it
// moves from.
// - WAITING: in line for places on one slot.
// - OFFERED: places held for the member (an unpaid order, `orderId`, until `offerExpiresAt`). The entry then
//   follows its order: BOOKED in the transaction that confirms it; EXPIRED in the one that releases it,
//   refunds it, or closes its payment unpaid; LEFT when the member leaves. An offer whose time ran out but
//   whose payment is not closed yet reads as EXPIRED (`entryStatus`): a payment may still come in the
//   gateway's grace, and then the entry is BOOKED like any other.
// - EXPIRED: the offer ended unpaid, the slot passed, or the slot cannot be sold any more (final).
// - BOOKED: paid (final). LEFT: the member left the line (final).
import type { waitlistEntries } from '@/server/db/schema';
import { stateMachine } from '@/universal/transition-table';

export type WaitlistStatus = (typeof waitlistEntries.$inferSelect)['status'];

export const waitlistStates = stateMachine<WaitlistStatus>('waitlist entry', {
  WAITING: ['OFFERED', 'EXPIRED', 'LEFT'],
  OFFERED: ['BOOKED', 'EXPIRED', 'LEFT'],
  BOOKED: [],
  EXPIRED: [],
  LEFT: [],
});

/** The entries that hold a place in line (one per member and slot, the database says). */
export const ACTIVE_WAITLIST_STATUSES = ['WAITING', 'OFFERED'] as const satisfies readonly WaitlistStatus[];

/** An offer past its time reads as EXPIRED, whether or not its order's payment has closed yet. */
export function entryStatus(entry: { status: WaitlistStatus; offerExpiresAt: Date | null }, now: Date): WaitlistStatus {
  return entry.status === 'OFFERED' && entry.offerExpiresAt && entry.offerExpiresAt <= now ? 'EXPIRED' : entry.status;
}
