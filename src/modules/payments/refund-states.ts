// The states of a refund of the ledger, after pretix's OrderRefund:
// - pending: recorded (its amount is spoken for against its payment), the gateway has not yet taken it;
//   a failed attempt stays pending with its error, and its `refunds.retry` job asks the gateway again under
//   the same key (decision 0032).
// - done: the gateway took it.
import { stateMachine } from '@/universal/transition-table';

export type RefundStatus = 'pending' | 'done';

export const refundStates = stateMachine<RefundStatus>('refund', {
  pending: ['done'],
  done: [],
});
