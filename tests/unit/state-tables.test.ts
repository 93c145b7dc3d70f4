// The transition tables (payments, refunds, orders, booking changes, bookings, waitlist entries, gift cards, on-sales): every pair
// of states is either allowed or refused, exactly as listed here, and a refused move throws.
import { describe, expect, it } from 'vitest';
import { changeStates } from '@/modules/bookings/change-states';
import { orderStates } from '@/modules/checkout/order-states';
import { giftCardStates } from '@/modules/gift-cards/gift-card-states';
import { bookingStates } from '@/modules/inventory/booking-states';
import { onsaleStates } from '@/modules/onsale/onsale-states';
import { paymentStates } from '@/modules/payments/payment-states';
import { refundStates } from '@/modules/payments/refund-states';
import { entryStatus, waitlistStates } from '@/modules/waitlist/waitlist-states';
import { IllegalTransition, type StateMachine } from '@/universal/transition-table';

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
  {
    name: 'booking',
    machine: bookingStates as AnyMachine,
    states: ['ON_HOLD', 'CONFIRMED', 'REDEEMED', 'EXPIRED', 'CANCELLED'],
    allowed: ['ON_HOLD->CONFIRMED', 'ON_HOLD->CANCELLED', 'ON_HOLD->EXPIRED', 'CONFIRMED->REDEEMED', 'CONFIRMED->CANCELLED', 'REDEEMED->CONFIRMED', 'REDEEMED->CANCELLED'],
  },
  {
    name: 'waitlist entry',
    machine: waitlistStates as AnyMachine,
    states: ['WAITING', 'OFFERED', 'BOOKED', 'EXPIRED', 'LEFT'],
    allowed: ['WAITING->OFFERED', 'WAITING->EXPIRED', 'WAITING->LEFT', 'OFFERED->BOOKED', 'OFFERED->EXPIRED', 'OFFERED->LEFT'],
  },
  { name: 'gift card', machine: giftCardStates as AnyMachine, states: ['PENDING_PAYMENT', 'ACTIVE', 'VOIDED'], allowed: ['PENDING_PAYMENT->ACTIVE', 'ACTIVE->VOIDED'] },
  { name: 'on-sale', machine: onsaleStates as AnyMachine, states: ['SCHEDULED', 'OPEN', 'ENDED', 'CANCELLED'], allowed: ['SCHEDULED->OPEN', 'SCHEDULED->CANCELLED', 'OPEN->ENDED'] },
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

describe('a waitlist offer as of a moment', () => {
  const end = new Date('2026-03-02T15:00:00Z');
  it('reads as EXPIRED once its time ran out, and as itself before', () => {
    expect(entryStatus({ status: 'OFFERED', offerExpiresAt: end }, new Date(end.getTime() - 1))).toBe('OFFERED');
    expect(entryStatus({ status: 'OFFERED', offerExpiresAt: end }, end)).toBe('EXPIRED');
    expect(entryStatus({ status: 'WAITING', offerExpiresAt: null }, end)).toBe('WAITING');
    expect(entryStatus({ status: 'BOOKED', offerExpiresAt: end }, new Date(end.getTime() + 1))).toBe('BOOKED');
  });
});
