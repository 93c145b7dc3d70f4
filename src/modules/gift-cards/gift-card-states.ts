// The states of a gift card (decision 0047). Every status write passes through `giftCardStates.transition`
// and is conditional on the status it moves from.
// - PENDING_PAYMENT: recorded with its payment; no card yet (its code finds nothing).
// - ACTIVE: paid and issued; spendable until `expires_at` (time alone writes nothing: an expired card
//   reads as EXPIRED on lookup, look-up-gift-card.ts).
// - VOIDED: voided by a manager, its balance gone in a `voided` line.
// A card whose payment closed unpaid or came short stays PENDING_PAYMENT: nothing was issued. A card a
// manager issues as a refund (decision 0052) is recorded ACTIVE at once: there is nothing to pay.
import type { giftCards } from '@/server/db/schema';
import { stateMachine } from '@/universal/transition-table';

export type GiftCardStatus = (typeof giftCards.$inferSelect)['status'];

export const giftCardStates = stateMachine<GiftCardStatus>('gift card', {
  PENDING_PAYMENT: ['ACTIVE'],
  ACTIVE: ['VOIDED'],
  VOIDED: [],
});
