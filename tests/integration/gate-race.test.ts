// One paid place, one admission (decision 0033): a scan fired together with a member's change, and with a
// cancellation, at offsets from -20 to +20 ms, 20 trials each, on PGlite and on PostgreSQL. Whichever comes
// first wins and the other sees it: never two live admissions for one place (an admitted old ticket and a
// new one), never an unexpected error, never an admission after a cancellation, and an admitted place
// cancelled is refunded only what the cancellation policy gives, however much the office asked for.
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { changeBooking } from '@/modules/bookings/change-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, type Verdict } from '@/modules/gate/scan-ticket';
import { AppError } from '@/server/errors';
import { bookingCancellations, orders, refunds, ticketRedemptions } from '@/server/db/schema';
import { signedUpMember, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
const TRIALS = 20;
/** Trial i fires the scan `offset(i)` ms after the change or cancellation (negative: before it). */
const offset = (i: number) => Math.round(-20 + (40 * i) / (TRIALS - 1));
const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
const staff = { kind: 'staff' as const, userId: 'gate-1', email: 'gate-1@staff.example' };

/** What a call ended with: its value, or the key of the AppError it was refused with (anything else fails the test). */
async function outcome<T>(work: Promise<T>): Promise<{ value: T } | { refused: string }> {
  try {
    return { value: await work };
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return { refused: error.key };
    throw error;
  }
}

describe.each(TEST_BACKENDS)('the gate racing a change and a cancellation ($name)', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });
  shop.clock = serverNow();
  let member: { userId: string; email: string };
  let day: string;
  let slot: string;
  let later: string;

  beforeAll(async () => {
    member = await signedUpMember(shop.db, 'racer');
    day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', 40);
    slot = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const slots = await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDateStart: day, localDateEnd: day });
    later = slots.filter((s) => s.available && s.id !== slot).at(-1)!.id;
  });

  /** A paid booking of one adult on the day's first slot; the clock then 10 minutes before it (the gate admits, the member may still change). */
  async function paidOrder() {
    shop.clock = serverNow();
    const checkout = await startCheckout(shop.deps as CheckoutDeps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot }, 'fr');
    await shop.deps.gateway.pay(checkout.paymentSession.id, CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    shop.clock = new Date(new Date(slot).getTime() - 10 * 60_000);
    return order;
  }
  const scan = (code: string) => scanTicket(shop.gate, { code, gate: 'Gate 1', by: staff });

  async function liveAdmissions(bookingUuid: string) {
    return shop.db.select().from(ticketRedemptions).where(and(eq(ticketRedemptions.bookingUuid, bookingUuid), isNull(ticketRedemptions.undoneAt)));
  }

  it(`admits the place once in ${TRIALS} scans racing a change`, async () => {
    for (let i = 0; i < TRIALS; i++) {
      const order = await paidOrder();
      const old = order.tickets![0]!;
      const d = offset(i);
      const [scanned, changed] = await Promise.all([
        after(d).then(() => outcome(scan(old.code!))),
        after(-d).then(() => outcome(changeBooking(shop.deps, member, { bookingId: order.supplierReference, quantities: { adult: 1 }, selectedTime: later, confirm: true }, 'fr'))),
      ]);
      const [now] = await shop.db.select().from(orders).where(eq(orders.id, order.id));
      const live = await liveAdmissions(order.bookingUuid);
      const current = new Set(now!.tickets!.map((t) => t.reference));
      // Every live admission is of a ticket the booking holds now: an admitted ticket was never replaced.
      expect(live.every((a) => current.has(a.ticketReference))).toBe(true);
      expect('value' in scanned).toBe(true);
      const verdict = (scanned as { value: Verdict }).value.verdict;
      if ('value' in changed && changed.value.changed) {
        expect(verdict).toBe('CHANGED');
        expect(live).toHaveLength(0);
        expect((await scan(old.code!)).verdict).toBe('CHANGED');
        // The new ticket admits, at its own time: the place is one place.
        shop.clock = new Date(new Date(later).getTime() - 10 * 60_000);
        expect((await scan(now!.tickets![0]!.code!)).verdict).toBe('VALID');
      } else {
        expect(changed).toEqual({ refused: 'bookingAdmitted' });
        expect(verdict).toBe('VALID');
        expect(now!.availabilityId).toBe(slot);
        expect(live.map((a) => a.ticketReference)).toEqual([old.reference]);
      }
    }
  }, 120_000);

  it(`never admits a cancelled place, and refunds an admitted one only what the policy gives, in ${TRIALS} scans racing a cancellation`, async () => {
    for (let i = 0; i < TRIALS; i++) {
      const order = await paidOrder();
      const code = order.tickets![0]!.code!;
      const d = offset(i);
      // The office asks for a full refund: an admitted place gets the policy's share instead.
      const [scanned, cancelled] = await Promise.all([
        after(d).then(() => outcome(scan(code))),
        after(-d).then(() => outcome(cancelBooking(shop.deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: staff }))),
      ]);
      const live = await liveAdmissions(order.bookingUuid);
      const cancellation = await shop.db.select().from(bookingCancellations).where(eq(bookingCancellations.bookingUuid, order.bookingUuid));
      const refunded = await shop.db.select().from(refunds).where(eq(refunds.idempotencyKey, `cancelled:${order.bookingUuid}`));
      expect('value' in scanned).toBe(true);
      // Whichever came first, the cancellation goes through and a later scan reads CANCELLED.
      expect('value' in cancelled).toBe(true);
      expect(cancellation).toHaveLength(1);
      expect((await scan(code)).verdict).toBe('CANCELLED');
      const verdict = (scanned as { value: Verdict }).value.verdict;
      const refundedAmount = refunded.reduce((sum, r) => sum + r.amount, 0);
      if (verdict === 'CANCELLED') {
        // The cancellation came first: nothing admitted, all of it back as the office chose.
        expect(live).toHaveLength(0);
        expect(refundedAmount).toBe(order.total);
      } else {
        // The scan came first: the admission stays as history, and 10 minutes before the visit Main Deck's
        // policy gives half back, never the full refund asked for.
        expect(verdict).toBe('VALID');
        expect(live).toHaveLength(1);
        expect(refundedAmount).toBe(Math.floor(order.total / 2));
        expect(cancellation[0]!.refundAmount).toBe(Math.floor(order.total / 2));
      }
    }
  }, 120_000);
});
