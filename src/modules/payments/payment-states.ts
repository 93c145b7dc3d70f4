// The states of a payment of the ledger (modules/payments), after pretix's OrderPayment:
// - pending: a gateway session is open for it; the gateway may take the money at any time.
// - confirmed: the gateway took the money and what it pays for was delivered (an order confirmed, a
//   booking moved). Refunds of a confirmed payment are rows of `refunds`; the payment stays confirmed.
// - expired: the session closed unpaid; nothing will ever be taken.
// - refunded: the gateway took the money but what it paid for could no longer be delivered (the hold ran
//   out and the places went, a change replaced meanwhile): all of it went back.
import { stateMachine } from '@/universal/transition-table';

export type PaymentStatus = 'pending' | 'confirmed' | 'expired' | 'refunded';

export const paymentStates = stateMachine<PaymentStatus>('payment', {
  pending: ['confirmed', 'expired', 'refunded'],
  confirmed: [],
  expired: [],
  refunded: [],
});
