// A member cancels their own booking within the product's policy. Without `confirm` it only states the
// terms; with it, the refund the member was shown (`expectedRefund`) must still be the refund now (a
// deadline may have passed in between), else nothing happens. The cancelling itself (places back, refund
// through the payment port, e-mail, exactly once) is modules/bookings/cancel-booking.ts.
import { AppError } from '@/server/errors';
import { cancelBooking, type CancelDeps, type Cancellation } from './cancel-booking';
import { cancellationTerms, type CancellationTerms } from './cancellation-terms';
import { memberBooking } from './member-booking';
import { serverNow } from '@/server/clock';

export type MemberCancelRequest = { bookingId: string; confirm?: boolean; expectedRefund?: number };

export type MemberCancelResult = { terms: CancellationTerms; cancellation: Cancellation | null };

export async function cancelOwnBooking(deps: CancelDeps, member: { userId: string; email: string }, request: MemberCancelRequest): Promise<MemberCancelResult> {
  const order = await memberBooking(deps.db, member.userId, request.bookingId);
  if (order.status === 'CANCELLED') throw new AppError('ALREADY_CANCELLED', 'alreadyCancelled', { reference: order.supplierReference });
  const terms = cancellationTerms(order, (deps.now ?? serverNow)());
  // A booking whose ticket was admitted is cancelled under the same terms: the policy's (decision 0033).
  if (!terms) throw new AppError('NOT_CANCELLABLE', 'memberCannotCancel');
  if (!request.confirm) return { terms, cancellation: null };
  if (request.expectedRefund !== terms.refund) throw new AppError('REFUND_CHANGED', 'cancelRefundChanged');
  const refund = terms.refund === order.total ? ({ kind: 'full' } as const) : terms.refund === 0 ? ({ kind: 'none' } as const) : ({ kind: 'partial', amount: terms.refund } as const);
  const cancellation = await cancelBooking(deps, {
    reference: order.supplierReference,
    refund,
    by: { kind: 'member', userId: member.userId, email: member.email },
    reason: `Cancelled by the member (${terms.percent}% refunded under the policy)`,
  });
  return { terms, cancellation };
}
