// The offline gate (decision 0054) in process, on PGlite and PostgreSQL: the day's bundle and its deltas, and
// queued offline scans settled through the gate's one admission path. Offline scans settled in any order
// never count an admission twice and report the duplicates (when, which gate); two devices syncing the same
// ticket at once admit it once; a sync sent again admits nothing more; a ticket cancelled meanwhile is refused.
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { offlineBundle } from '@/modules/gate/offline-bundle';
import { scanTicket } from '@/modules/gate/scan-ticket';
import { settleOfflineScans, type OfflineScan } from '@/modules/gate/settle-offline';
import { verifySignature } from '@/client/staff/offline-verify';
import { bookings, ticketRedemptions } from '@/server/db/schema';
import { applyDelta, offlineVerdict, parseTicketCode, type SettledScan } from '@/universal/offline-gate';
import { signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const device = (n: number) => ({ kind: 'staff' as const, userId: `gate-${n}`, email: `gate-${n}@staff.example` });

/** Every order of the three scans' devices: A, B and an online gate C, in all six orders. */
const ORDERS = [
  ['A', 'B', 'C'],
  ['A', 'C', 'B'],
  ['B', 'A', 'C'],
  ['B', 'C', 'A'],
  ['C', 'A', 'B'],
  ['C', 'B', 'A'],
] as const;

describe.each(TEST_BACKENDS)('the offline gate ($name)', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });
  shop.clock = serverNow();
  let member: { userId: string; email: string };
  let day: string;
  let slot: string;

  beforeAll(async () => {
    member = await signedUpMember(shop.db, 'offline');
    day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', 12, 40);
    slot = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
  });

  /** A paid booking of `adults` on the day's first slot; the clock then 5 minutes into the slot. */
  async function paidOrder(adults: number) {
    shop.clock = serverNow();
    const checkout = await startCheckout(shop.deps as CheckoutDeps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: adults }, selectedTime: slot }, 'fr');
    await shop.deps.gateway.pay(checkout.paymentSession.id, TEST_CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    shop.clock = new Date(new Date(slot).getTime() + 5 * 60_000);
    return order;
  }
  const minutesIn = (m: number) => new Date(new Date(slot).getTime() + m * 60_000).toISOString();
  const queued = (gateName: string, code: string, minute: number): OfflineScan => ({ id: crypto.randomUUID(), code, gate: gateName, scannedAt: minutesIn(minute) });

  async function liveRows(bookingUuid: string) {
    return shop.db.select().from(ticketRedemptions).where(and(eq(ticketRedemptions.bookingUuid, bookingUuid), isNull(ticketRedemptions.undoneAt)));
  }
  async function admittedCount(bookingUuid: string) {
    const [row] = await shop.db.select({ n: bookings.admittedCount }).from(bookings).where(eq(bookings.uuid, bookingUuid));
    return row!.n;
  }

  it('offline scans settled in any order never count an admission twice and report the duplicates', async () => {
    for (const order of ORDERS) {
      const paid = await paidOrder(3);
      const [t1, t2, t3] = paid.tickets!;
      // Device A scanned t1 and t2 offline, device B t2 and t3; gate C, online, t3.
      const fromA = [queued('Gate A', t1!.code!, 1), queued('Gate A', t2!.code!, 2)];
      const fromB = [queued('Gate B', t2!.code!, 3), queued('Gate B', t3!.code!, 4)];
      const results: SettledScan[] = [];
      for (const who of order) {
        if (who === 'A') results.push(...(await settleOfflineScans(shop.gate, fromA, device(1))));
        else if (who === 'B') results.push(...(await settleOfflineScans(shop.gate, [...fromB].reverse(), device(2))));
        else expect(['VALID', 'ALREADY_USED']).toContain((await scanTicket(shop.gate, { code: t3!.code!, gate: 'Gate C', by: device(3) })).verdict);
      }
      const live = await liveRows(paid.bookingUuid);
      expect(live.map((r) => r.ticketReference).sort(), order.join('')).toEqual([t1!.reference, t2!.reference, t3!.reference].sort());
      expect(await admittedCount(paid.bookingUuid)).toBe(3);
      // t2 was scanned on both devices: one admission, the other device told when and where.
      const t2Results = results.filter((r) => r.ticket === t2!.reference);
      expect(t2Results.map((r) => r.result).sort()).toEqual(['admitted', 'already-admitted']);
      const duplicate = t2Results.find((r) => r.result === 'already-admitted');
      const firstT2 = live.find((r) => r.ticketReference === t2!.reference)!;
      expect(duplicate).toMatchObject({ usedAt: firstT2.redeemedAt.toISOString(), usedGate: firstT2.gate });
      // An offline admission keeps the time it was scanned at; the row says when the server learnt of it.
      expect(live.find((r) => r.ticketReference === t1!.reference)!.redeemedAt.toISOString()).toBe(minutesIn(1));
      // t3: admitted by whichever of B and C came first, reported to B as a duplicate when C did.
      const t3Row = live.find((r) => r.ticketReference === t3!.reference)!;
      const t3OfB = results.find((r) => r.ticket === t3!.reference)!;
      expect(t3OfB.result).toBe(t3Row.gate === 'Gate B' ? 'admitted' : 'already-admitted');
    }
  });

  it('two devices syncing the same tickets at once admit each once; a sync sent again admits nothing more', async () => {
    const paid = await paidOrder(4);
    const codes = paid.tickets!.map((t) => t.code!);
    const fromA = codes.map((code, i) => queued('Gate A', code, 1 + i));
    const fromB = codes.map((code, i) => queued('Gate B', code, 2 + i)).reverse();
    const [a, b] = await Promise.all([settleOfflineScans(shop.gate, fromA, device(1)), settleOfflineScans(shop.gate, fromB, device(2))]);
    expect((await liveRows(paid.bookingUuid)).length).toBe(4);
    expect(await admittedCount(paid.bookingUuid)).toBe(4);
    const all = [...a, ...b];
    expect(all.filter((r) => r.result === 'admitted').length).toBe(4);
    expect(all.filter((r) => r.result === 'already-admitted').length).toBe(4);
    // Device A lost the answer and sends its queue again: its own admissions read as admitted, nothing is added.
    const again = await settleOfflineScans(shop.gate, fromA, device(1));
    const mine = new Set(a.filter((r) => r.result === 'admitted').map((r) => r.id));
    for (const r of again) expect(r.result).toBe(mine.has(r.id) ? 'admitted' : 'already-admitted');
    expect((await liveRows(paid.bookingUuid)).length).toBe(4);
    expect(await admittedCount(paid.bookingUuid)).toBe(4);
  });

  it('a ticket cancelled meanwhile is refused; the bundle and its delta carry cancellations and admissions', async () => {
    const paid = await paidOrder(2);
    const cancelled = await paidOrder(1);
    // The bundle read 20 minutes before the slot; the booking cancelled 10 minutes before (it may be then).
    shop.clock = new Date(new Date(slot).getTime() - 20 * 60_000);
    const bundle = await offlineBundle(shop.gate, day);
    expect(bundle.tickets.filter((t) => t.booking === paid.supplierReference).length).toBe(2);
    // The device checks the code's signature with the bundle's key, as the browser does (WebCrypto Ed25519).
    const parsed = parseTicketCode(paid.tickets![0]!.code!);
    if (typeof parsed === 'string') throw new Error(parsed);
    expect(await verifySignature(parsed, bundle.publicKeys)).toBe('valid');
    const altered = parseTicketCode(paid.tickets![0]!.code!.replace(/.(.{10})$/, (m, rest: string) => (m[0] === 'A' ? 'B' : 'A') + rest));
    expect(typeof altered === 'string' || (await verifySignature(altered, bundle.publicKeys)) === 'forged').toBe(true);
    expect(offlineVerdict(bundle, [], { ticket: paid.tickets![0]!.reference, booking: paid.supplierReference }, shop.now(), day).verdict).toBe('VALID');

    shop.clock = new Date(new Date(slot).getTime() - 10 * 60_000);
    await cancelBooking(shop.deps, { reference: cancelled.supplierReference, refund: { kind: 'full' }, by: device(9) });
    shop.clock = new Date(new Date(slot).getTime() + 5 * 60_000);
    const scannedOffline = queued('Gate A', cancelled.tickets![0]!.code!, 1);
    const delta = await offlineBundle(shop.gate, day, new Date(bundle.generatedAt));
    expect(delta.revoked).toEqual([cancelled.tickets![0]!.reference]);
    const updated = applyDelta(bundle, delta);
    expect(offlineVerdict(updated, [], { ticket: cancelled.tickets![0]!.reference, booking: cancelled.supplierReference }, shop.now(), day).verdict).toBe('CANCELLED');
    // A scan the device made before it heard of the cancellation is refused when sent.
    expect(await settleOfflineScans(shop.gate, [scannedOffline], device(1))).toEqual([{ id: scannedOffline.id, result: 'refused', ticket: cancelled.tickets![0]!.reference, verdict: 'CANCELLED' }]);
    expect(await liveRows(cancelled.bookingUuid)).toEqual([]);

    // An offline admission synced now, though scanned a minute into the slot, is in the next delta.
    shop.clock = new Date(shop.now().getTime() + 60_000);
    const since = new Date(shop.now().getTime() - 1);
    await settleOfflineScans(shop.gate, [queued('Gate B', paid.tickets![1]!.code!, 1)], device(2));
    const later = await offlineBundle(shop.gate, day, since);
    expect(later.admitted).toEqual([expect.objectContaining({ ticket: paid.tickets![1]!.reference, gate: 'Gate B', at: minutesIn(1), undoneAt: null })]);
    // The device's own queue refuses a second scan of a ticket it admitted offline.
    const queue = [{ id: 'q', code: '', ticket: paid.tickets![0]!.reference, booking: paid.supplierReference, gate: 'Gate A', scannedAt: minutesIn(2) }];
    expect(offlineVerdict(applyDelta(updated, later), queue, { ticket: paid.tickets![0]!.reference, booking: paid.supplierReference }, shop.now(), day)).toMatchObject({ verdict: 'ALREADY_USED', usedGate: 'Gate A' });
  });
});
