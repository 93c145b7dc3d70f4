// The transition tables (payments, refunds, orders, booking changes): every pair of states is either allowed
// or refused, exactly as listed here, and a refused move throws.
import { describe, expect, it } from 'vitest';
import { changeStates } from '@/modules/bookings/change-states';
import { orderStates } from '@/modules/checkout/order-states';
import { paymentStates } from '@/modules/payments/payment-states';
import { refundStates } from '@/modules/payments/refund-states';
import { IllegalTransition, type StateMachine } from '@/modules/states/transition-table';

type AnyMachine = StateMachine<string>;

const TABLES: { name: string; machine: AnyMachine; states: string[]; allowed: string[] }[] = [
  {
    name: 'payment',
    machine: paymentStates as AnyMachine,
    states: ['pending', 'confirmed', 'expired', 'refunded'],
    allowed: ['pending->confirmed', 'pending->expired', 'pending->refunded'],
  },
  { name: 'refund', machine: refundStates as AnyMachine, states: ['pending', 'done'], allowed: ['pending->done'] },
  {
    name: 'order',
    machine: orderStates as AnyMachine,
    states: ['PENDING_PAYMENT', 'CONFIRMED', 'REFUNDED', 'CANCELLED', 'EXPIRED'],
    allowed: ['PENDING_PAYMENT->CONFIRMED', 'PENDING_PAYMENT->REFUNDED', 'CONFIRMED->CANCELLED'],
  },
  {
    name: 'booking change',
    machine: changeStates as AnyMachine,
    states: ['PENDING_PAYMENT', 'DONE', 'RELEASED', 'EXPIRED', 'REFUNDED'],
    allowed: ['PENDING_PAYMENT->DONE', 'PENDING_PAYMENT->RELEASED', 'PENDING_PAYMENT->EXPIRED', 'PENDING_PAYMENT->REFUNDED', 'RELEASED->EXPIRED', 'RELEASED->REFUNDED'],
  },
];

describe.each(TABLES)('the $name states', ({ machine, states, allowed }) => {
  it('has exactly its states', () => {
    expect([...machine.states].sort()).toEqual([...states].sort());
  });

  const pairs = states.flatMap((from) => states.map((to) => [from, to] as const));
  it.each(pairs)('%s -> %s is allowed only if listed', (from, to) => {
    const move = `${from}->${to}`;
    expect(machine.canMove(from, to)).toBe(allowed.includes(move));
    if (allowed.includes(move)) expect(machine.transition(from, to)).toBe(to);
    else expect(() => machine.transition(from, to)).toThrow(IllegalTransition);
  });
});
