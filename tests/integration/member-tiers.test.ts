// Tiers earned by visits (issue #24, decision 0036), in process on PGlite and PostgreSQL: a member is an
// Explorer on joining, a Regular at the 2nd visit and a Local Legend at the 5th; two admissions on one
// date count once; an undone admission and a cancelled booking take their visit back; and the tier falls
// back as visits age out, when the recurring `program.tiers` job runs; admissions made before the program
// count once its migration has run.
import { serverNow } from '@/server/clock';
import fs from 'node:fs';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createOutboxTransport } from '@/adapters/mail/outbox';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { TIME_ZONE } from '@/config/attraction';
import { cancelBooking } from '@/modules/bookings/cancel-booking';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import type { CheckoutDeps } from '@/modules/checkout/deps';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket, undoAdmission, type GateDeps } from '@/modules/gate/scan-ticket';
import { enqueue } from '@/modules/jobs/enqueue';
import { recurringKey } from '@/modules/jobs/recurring';
import { getMembership } from '@/modules/loyalty/membership';
import { programJobHandlers } from '@/modules/program/tier-jobs';
import { agesOutOn } from '@/modules/program/tier-rule';
import { currentProgram } from '@/config/program';
import { jobs, memberTierChanges, memberTiers, memberVisits } from '@/server/db/schema';
import { newSigningSeed } from '@/server/ticket-keys';
import { localDatePart } from '@/universal/local-date';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { openTestDatabase, TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';
import { STAND_IN_KEY, startOctoStandIn } from '../support/octo-stand-in';
import { firstSlot, openDay } from './supplier-scenarios';


/** Noon in New York on a local date: a clock the tests set. */
const noonOn = (localDate: string) => new Date(`${localDate}T12:00:00-05:00`);

describe.each(TEST_BACKENDS)('tiers earned by visits on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  /** A paid booking of the member for the first slot of a day of its own (`daysAhead` names the day). */
  async function booking(member: { userId: string; email: string }, daysAhead: number) {
    shop.clock = serverNow();
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 2);
    const selectedTime = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const checkout = await startCheckout(shop.deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime }, 'en');
    await (shop.deps.gateway as ReturnType<typeof createTestGateway>).pay(checkout.paymentSession.id, TEST_CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    return { order, start: new Date(selectedTime), day };
  }

  /** The member's ticket scanned at the shop.gate five minutes into the slot. */
  async function admit(booked: Awaited<ReturnType<typeof booking>>) {
    shop.clock = new Date(booked.start.getTime() + 5 * 60_000);
    expect(await scanTicket(shop.gate, { code: booked.order.tickets![0]!.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
  }

  /** The runner's pass over the program's due jobs, at the test's shop.now(). */
  const runProgramJobs = () => runJobs(shop.db, programJobHandlers(shop.db), shop.now());
  const membership = (userId: string) => getMembership(shop.db, userId, 'en');
  const visitsOf = (userId: string) => shop.db.select().from(memberVisits).where(eq(memberVisits.userId, userId)).orderBy(asc(memberVisits.visitDate));
  const changesOf = async (userId: string) =>
    (await shop.db.select().from(memberTierChanges).where(eq(memberTierChanges.userId, userId)).orderBy(asc(memberTierChanges.at))).map((c) => `${c.fromTier ?? '-'}>${c.toTier} ${c.reason}`);

  it('makes a new member an Explorer, two visits from Regular', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    expect(await membership(member.userId)).toMatchObject({
      mintedTokenIds: [],
      tokens: [],
      tier: { id: 'explorer', name: 'Explorer' },
      visits: 0,
      nextTier: { id: 'regular', name: 'Regular', visitsToGo: 2 },
    });
    expect((await getMembership(shop.db, member.userId, 'de')).tier.name).toBe('Entdecker');
    expect(await changesOf(member.userId)).toEqual(['->explorer joined']);
  });

  it('makes a member a Regular at the 2nd visit, on two dates; the visit is written with the admission', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const first = await booking(member, 20);
    const second = await booking(member, 21);
    await admit(first);
    // In the admission's transaction: the visit and the member's recompute job, before any job ran.
    expect((await visitsOf(member.userId)).map((v) => [v.visitDate, v.bookingReference])).toEqual([[first.day, first.order.supplierReference]]);
    expect(await shop.db.select().from(jobs).where(eq(jobs.coalesceKey, `program.recompute:${member.userId}`))).toHaveLength(1);
    await runProgramJobs();
    expect(await membership(member.userId)).toMatchObject({ tier: { id: 'explorer' }, visits: 1, nextTier: { id: 'regular', visitsToGo: 1 } });

    await admit(second);
    await runProgramJobs();
    expect(await membership(member.userId)).toMatchObject({ tier: { id: 'regular', name: 'Regular' }, visits: 2, nextTier: { id: 'local-legend', name: 'Local Legend', visitsToGo: 3 } });
    expect(await changesOf(member.userId)).toEqual(['->explorer joined', 'explorer>regular visits']);
  });

  it('counts two admissions on one date once; undoing one keeps the date for the other', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const morning = await booking(member, 23);
    const again = await booking(member, 23);
    expect(again.day).toBe(morning.day);
    await admit(morning);
    await admit(again);
    await runProgramJobs();
    expect(await visitsOf(member.userId)).toHaveLength(1);
    expect((await membership(member.userId)).visits).toBe(1);

    // The wrong scan taken back: the other booking of that day still makes it a visit.
    shop.clock = new Date(shop.now().getTime() + 60_000);
    await undoAdmission(shop.gate, { ticket: morning.order.tickets![0]!.reference, by: GATE_STAFF });
    expect((await visitsOf(member.userId)).map((v) => v.bookingReference)).toEqual([again.order.supplierReference]);
    await runProgramJobs();
    expect((await membership(member.userId)).visits).toBe(1);
  });

  it('takes an undone admission back: no visit, and the tier recomputed', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const [first, second] = [await booking(member, 25), await booking(member, 26)];
    await admit(first);
    await admit(second);
    await runProgramJobs();
    expect((await membership(member.userId)).tier.id).toBe('regular');

    shop.clock = new Date(shop.now().getTime() + 2 * 60_000);
    await undoAdmission(shop.gate, { ticket: second.order.tickets![0]!.reference, by: GATE_STAFF });
    expect((await visitsOf(member.userId)).map((v) => v.visitDate)).toEqual([first.day]);
    await runProgramJobs();
    expect(await membership(member.userId)).toMatchObject({ tier: { id: 'explorer' }, visits: 1, nextTier: { id: 'regular', visitsToGo: 1 } });
    expect(await changesOf(member.userId)).toEqual(['->explorer joined', 'explorer>regular visits', 'regular>explorer visits']);
  });

  it('makes a Local Legend at the 5th visit, and lets the tier fall back as visits age out', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const booked = [];
    for (const daysAhead of [30, 32, 34, 36, 38]) booked.push(await booking(member, daysAhead));
    for (const [index, visit] of booked.entries()) {
      await admit(visit);
      await runProgramJobs();
      expect((await membership(member.userId)).tier.id).toBe(index >= 4 ? 'local-legend' : index >= 1 ? 'regular' : 'explorer');
    }
    expect(await membership(member.userId)).toMatchObject({ tier: { id: 'local-legend', name: 'Local Legend' }, visits: 5, nextTier: null });

    // Twelve months after the 2nd visit, the first two have aged out: three visits, a Regular again.
    const program = currentProgram();
    shop.clock = noonOn(agesOutOn(program, booked[1]!.day));
    await enqueue(shop.db, 'program.tiers', {}, { dedupeKey: recurringKey('program.tiers', shop.now()), wake: false });
    await runProgramJobs();
    expect(await membership(member.userId)).toMatchObject({ tier: { id: 'regular' }, visits: 3, nextTier: { id: 'local-legend', visitsToGo: 2 } });

    // Thirteen months after the last: no visit left in the window.
    shop.clock = noonOn(agesOutOn(program, booked[4]!.day));
    shop.clock = new Date(shop.now().getTime() + 31 * 86_400_000);
    await enqueue(shop.db, 'program.tiers', {}, { dedupeKey: recurringKey('program.tiers', shop.now()), wake: false });
    await runProgramJobs();
    expect(await membership(member.userId)).toMatchObject({ tier: { id: 'explorer' }, visits: 0, nextTier: { id: 'regular', visitsToGo: 2 } });
    expect((await changesOf(member.userId)).slice(-2)).toEqual(['local-legend>regular expiry', 'regular>explorer expiry']);
    // The visits stay on record; only the window moved.
    expect(await visitsOf(member.userId)).toHaveLength(5);
  });

  it('counts the admissions made before the program (its migration) and gives their members a tier', async () => {
    const member = await signedUpMember(shop.db, 'member', 'en');
    const [first, second] = [await booking(member, 50), await booking(member, 52)];
    await admit(first);
    await admit(second);
    // As before the program: admissions, but no visits and no tier.
    await shop.db.delete(memberVisits).where(eq(memberVisits.userId, member.userId));
    await shop.db.delete(memberTiers).where(eq(memberTiers.userId, member.userId));
    await shop.db.delete(jobs).where(eq(jobs.coalesceKey, `program.recompute:${member.userId}`));
    const migration = fs.readFileSync(path.join(process.cwd(), 'drizzle/0023_member_tiers.sql'), 'utf8');
    await shop.db.execute(sql.raw(migration.slice(migration.indexOf('-- hand-written:'))));
    expect((await visitsOf(member.userId)).map((v) => [v.visitDate, v.bookingReference])).toEqual([
      [first.day, first.order.supplierReference],
      [second.day, second.order.supplierReference],
    ]);
    expect((await membership(member.userId)).tier.id).toBe('explorer');
    await enqueue(shop.db, 'program.tiers', {}, { dedupeKey: recurringKey('program.tiers', shop.now()), wake: false });
    await runProgramJobs();
    expect(await membership(member.userId)).toMatchObject({ tier: { id: 'regular' }, visits: 2 });
  });

  it('counts no visit for a booking without a member (a reseller’s)', async () => {
    const reseller = createLocalSupplier(shop.db, { resellerId: 'partner', now: shop.now });
    shop.clock = serverNow();
    const day = await openDay(reseller, 'main-deck', 'main-deck-day', 40, 1);
    const selectedTime = await firstSlot(reseller, 'main-deck', 'main-deck-day', day);
    const held = await reseller.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: selectedTime, unitItems: [{ unitId: 'adult' }] });
    const confirmed = await reseller.confirmBooking(held.uuid, { contact: { fullName: 'Guest' } });
    shop.clock = new Date(new Date(selectedTime).getTime() + 60_000);
    expect(await scanTicket(shop.gate, { code: confirmed.supplierReference!, gate: 'North', by: GATE_STAFF, admit: confirmed.unitItems.map((u) => u.supplierReference!) })).toMatchObject({ verdict: 'VALID' });
    expect(await shop.db.select().from(memberVisits).where(eq(memberVisits.bookingUuid, confirmed.uuid))).toEqual([]);
  });
});

describe('a cancelled booking is no visit', () => {
  // With an external supplier our gate's admission does not stop a cancellation (the supplier decides):
  // the cancellation takes the visit back in its transaction.
  it('takes the visit of a cancelled booking back and recomputes the member', async () => {
    vi.stubEnv('TICKET_SIGNING_KEY', newSigningSeed());
    const database = await openTestDatabase();
    const standIn = await startOctoStandIn();
    try {
      let clock = serverNow();
      const now = () => clock;
      const supplier = createOctoClient({ baseUrl: standIn.url, apiKey: STAND_IN_KEY });
      const deps: CheckoutDeps = { db: database.db, supplier, gateway: createTestGateway(database.db, now), mail: createOutboxTransport(async () => database.db), holdMinutes: 30, siteUrl: 'http://localhost:3000', now };
      const gate: GateDeps = { db: database.db, supplier, toleranceMinutes: 30, ownInventory: false, now };
      const member = await signedUpMember(database.db, 'member', 'en');
      const slot = '2030-06-12T18:00:00-04:00';
      const started = await startCheckout(deps, member, { productId: 'charter', optionId: 'sunset-cruise', quantities: { guest: 1 }, selectedTime: slot }, 'en');
      await (deps.gateway as ReturnType<typeof createTestGateway>).pay(started.paymentSession.id, TEST_CARD);
      const { order } = await completeCheckout(deps, started.paymentSession.id);
      clock = new Date(new Date(slot).getTime() - 10 * 60_000);
      expect(await scanTicket(gate, { code: order.tickets![0]!.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
      expect((await database.db.select().from(memberVisits).where(eq(memberVisits.userId, member.userId))).map((v) => v.visitDate)).toEqual([localDatePart(slot)]);

      await cancelBooking(deps, { reference: order.supplierReference, refund: { kind: 'full' }, by: GATE_STAFF });
      expect(await database.db.select().from(memberVisits).where(eq(memberVisits.userId, member.userId))).toEqual([]);
      await runJobs(database.db, programJobHandlers(database.db), clock);
      expect(await getMembership(database.db, member.userId, 'en')).toMatchObject({ tier: { id: 'explorer' }, visits: 0 });
      expect(TIME_ZONE).toBe('America/New_York');
    } finally {
      vi.unstubAllEnvs();
      await standIn.close();
      await database.dispose();
    }
  });
});
