// The transition tables of the payments ledger: every pair of states is either allowed or refused, as the
// table says, and a refused move throws.
import { describe, expect, it } from 'vitest';
import { paymentStates, type PaymentStatus } from '@/modules/payments/payment-states';
import { refundStates, type RefundStatus } from '@/modules/payments/refund-states';
import { IllegalTransition, type StateMachine } from '@/modules/states/transition-table';

const ALLOWED_PAYMENT_MOVES = ['pending->confirmed', 'pending->expired', 'pending->refunded'];
const ALLOWED_REFUND_MOVES = ['pending->done'];

function everyPair<S extends string>(machine: StateMachine<S>): [S, S][] {
  return machine.states.flatMap((from) => machine.states.map((to) => [from, to] as [S, S]));
}

describe.each([
  { name: 'payment', machine: paymentStates as StateMachine<PaymentStatus | RefundStatus>, allowed: ALLOWED_PAYMENT_MOVES, states: ['pending', 'confirmed', 'expired', 'refunded'] },
  { name: 'refund', machine: refundStates as StateMachine<PaymentStatus | RefundStatus>, allowed: ALLOWED_REFUND_MOVES, states: ['pending', 'done'] },
])('the $name states', ({ machine, allowed, states }) => {
  it('has exactly its states', () => {
    expect([...machine.states].sort()).toEqual([...states].sort());
  });

  it.each(everyPair(machine))('%s -> %s is allowed only if the table says so', (from, to) => {
    const move = `${from}->${to}`;
    expect(machine.canMove(from, to)).toBe(allowed.includes(move));
    if (allowed.includes(move)) expect(machine.transition(from, to)).toBe(to);
    else expect(() => machine.transition(from, to)).toThrow(IllegalTransition);
  });
});
