// What a member gets back for cancelling now, under the product's policy (config/catalog.json): the whole
// total until the free-cancellation deadline, then a percentage (rounded down to a minor unit) until the
// slot starts; once it has started, or without a policy, no online cancelling at all.
import { cancellationPolicyOf, refundPercentAt, type CancellationPolicy } from '@/config/catalog';
import type { OrderRow } from '../checkout/order-view';

export type CancellationTerms = {
  refund: number;
  percent: number;
  currency: string;
  total: number;
  /** The last moment of a full refund (ISO). */
  freeUntil: string;
  policy: CancellationPolicy;
};

/** What the policy gives back of the order's total for cancelling at `at`: nothing without a policy or
 * once the visit has begun. The refund of a booking whose ticket was admitted, whoever cancels it. */
export function policyRefund(order: Pick<OrderRow, 'productId' | 'availabilityId' | 'total'>, at: Date): { refund: number; percent: number } {
  const policy = cancellationPolicyOf(order.productId);
  const percent = policy ? refundPercentAt(policy, new Date(order.availabilityId).getTime(), at.getTime()) : 0;
  return { refund: Math.floor((order.total * percent) / 100), percent };
}

export function cancellationTerms(order: Pick<OrderRow, 'productId' | 'availabilityId' | 'total' | 'currency' | 'status'>, now: Date): CancellationTerms | null {
  const policy = cancellationPolicyOf(order.productId);
  const start = new Date(order.availabilityId).getTime();
  if (!policy || order.status !== 'CONFIRMED' || !(start > now.getTime())) return null;
  const freeUntil = start - policy.freeUntilHoursBefore * 3_600_000;
  const { refund, percent } = policyRefund(order, now);
  return {
    refund,
    percent,
    currency: order.currency,
    total: order.total,
    freeUntil: new Date(freeUntil).toISOString(),
    policy,
  };
}
