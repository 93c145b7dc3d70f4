// The fair on-sale's queue (issue #26, deliverable 2, decision 0056), in process on PGlite and PostgreSQL
// (and two real server processes on PostgreSQL): the pre-queue is put in random order once at the opening and
// later arrivals join the end; a pass is used once and only by its member; the admission rate holds across two
// processes sharing the database; when the queue's store is down, buyers go straight through, but when it is
// only slow nobody goes through without a pass (busy, ask again) and the line resumes in order; the sold-out
// news reaches the queue as soon as the last place is held; a rush of holds switches the queue on by itself.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/server/db/client';
import { AUTO_QUEUE_MINUTES } from '@/modules/onsale/auto-queue';
import { FAIL_OPEN, STORE_BUSY } from '@/modules/onsale/fail-open';
import { joinQueue } from '@/modules/onsale/join-queue';
import { onsaleBody } from '@/modules/onsale/onsale-body';
import { checkPass, signPass } from '@/modules/onsale/queue-pass';
import { queueStatus, type QueueStatus } from '@/modules/onsale/queue-status';
import { startQueuedCheckout } from '@/modules/onsale/queued-checkout';
import { newYorkInstant, scheduleOnsale, stopOnsale } from '@/modules/onsale/schedule-onsale';
import { tickQueue } from '@/modules/onsale/tick-queue';
import { forgetOnsale, ONSALE_CACHE_MS } from '@/modules/onsale/onsale-reads';
import { readTicket, signTicket } from '@/modules/onsale/queue-ticket';
import { joinStreams, pushToStreams, streamCount, type StreamMessage } from '@/modules/onsale/queue-stream';
import { askSoldOutCheck, soldOutJobHandlers } from '@/modules/onsale/sold-out';
import { setCapacity } from '@/modules/calendar/set-capacity';
import { auditLog, jobs, onsaleQueue, onsales, orders } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { metrics } from '@/server/metrics';
import { serverNow } from '@/server/clock';
import { todayIn } from '@/universal/local-date';
import { processGlobal } from '@/universal/process-global';
import { signedUpMember, useEmbeddedShop } from '../support/checkout';
import { openBackendDatabase, TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';
import { describeOnPostgres } from '../support/postgres';
import { firstSlot, NY, openDay } from './supplier-scenarios';

const MANAGER = { kind: 'staff' as const, userId: 'manager-1', email: 'manager-1@staff.example' };
const SECRET = 'a-test-secret-of-the-site-0123456789abcdef';

describe.each(TEST_BACKENDS)('the on-sale queue on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl);
  const deps = () => ({ db: shop.db, now: shop.now, secret: SECRET, autoHoldsPerMinute: 0 });
  let onsaleCount = 0;

  /** An on-sale of Main Deck on a day of its own (daysAhead), opening an hour from now. */
  async function onsaleFor(daysAhead: number, ratePerMinute = 60, places = 100) {
    onsaleCount += 1;
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', daysAhead, places);
    const today = todayIn(NY, serverNow());
    const body = onsaleBody.parse({ productId: 'main-deck', day, opensAt: `${today}T${String(11 + (onsaleCount % 12)).padStart(2, '0')}:00`, ratePerMinute });
    const view = await scheduleOnsale(shop.db, body, MANAGER, shop.now());
    const slot = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    return { id: view.id, day, slot, opensAt: newYorkInstant(body.opensAt) };
  }

  const row = async (id: string) => (await shop.db.select().from(onsales).where(eq(onsales.id, id)))[0]!;
  const tickAt = async (id: string, at: Date) => tickQueue(shop.db, await row(id), at);
  /** The reads of an on-sale's places left that holds asked for and not yet run (sold-out.ts). */
  const askedReads = (id: string) =>
    shop.db.select({ runAt: jobs.runAt }).from(jobs).where(and(eq(jobs.kind, 'onsale.sold-out'), eq(jobs.status, 'pending'), sql`${jobs.payload}->>'onsaleId' = ${id}`));
  /** The due reads, run as a server's runner runs them, at `at`. */
  const readPlacesLeftAt = (at: Date) => runJobs(shop.db, soldOutJobHandlers(shop.db, shop.deps.supplier), at);
  const members = (n: number, label: string) => Promise.all(Array.from({ length: n }, (_, i) => signedUpMember(shop.db, `${label}${i}`, 'en')));
  const positions = async (id: string) =>
    new Map((await shop.db.select().from(onsaleQueue).where(eq(onsaleQueue.onsaleId, id))).map((e) => [e.userId, e.position]));
  const statusAt = async (id: string, userId: string, at: Date) => (await queueStatus({ ...deps(), now: () => at }, id, userId)) as QueueStatus;
  /** A waiting room's stream held by this process (pushed by hand: no timer), on the shop's clock `clock()`. */
  function stream(id: string, userId: string, position: number | null, clock: () => Date) {
    const held = { messages: [] as StreamMessage[], ended: false };
    joinStreams({ ...deps(), now: clock }, id, { userId, position, send: (m) => held.messages.push(m), end: () => (held.ended = true) }, 0);
    return held;
  }

  it('puts the pre-queue in random order once at the opening, and later arrivals at the end in order', async () => {
    const sale = await onsaleFor(40);
    const early = await members(30, 'early');
    for (const m of early) await joinQueue({ ...deps(), now: () => new Date(sale.opensAt.getTime() - 60_000) }, sale.id, m.userId);
    expect([...(await positions(sale.id)).values()].every((p) => p === null)).toBe(true);
    expect((await statusAt(sale.id, early[0]!.userId, new Date(sale.opensAt.getTime() - 30_000))).phase).toBe('prequeue');

    await tickAt(sale.id, sale.opensAt);
    const drawn = await positions(sale.id);
    const order = early.map((m) => drawn.get(m.userId)!);
    // A permutation of 1..30, and not the order they joined in (1 chance in 30! of that).
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(order).not.toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    // Later arrivals: 31, 32, 33 in the order they came; the draw is not made again.
    const late = await members(3, 'late');
    for (const m of late) await joinQueue({ ...deps(), now: () => new Date(sale.opensAt.getTime() + 500) }, sale.id, m.userId);
    await tickAt(sale.id, new Date(sale.opensAt.getTime() + 5_000));
    const after = await positions(sale.id);
    expect(late.map((m) => after.get(m.userId))).toEqual([31, 32, 33]);
    expect(early.map((m) => after.get(m.userId))).toEqual(order);
    // Joining twice keeps the place.
    expect(await joinQueue(deps(), sale.id, late[0]!.userId)).toEqual({ joined: false, position: 31 });
    expect((await positions(sale.id)).get(late[0]!.userId)).toBe(31);

    // 60 a minute: after 5 s, 5 through; the 31st waits behind 25, about 26 s.
    const waiting = await statusAt(sale.id, late[0]!.userId, new Date(sale.opensAt.getTime() + 5_000));
    expect(waiting).toMatchObject({ phase: 'waiting', position: 26, ahead: 25, estimatedWaitSeconds: 26 });
    const first = early[order.indexOf(1)]!;
    expect(await statusAt(sale.id, first.userId, new Date(sale.opensAt.getTime() + 5_000))).toMatchObject({ phase: 'admitted' });
  });

  it('gives members who join at once (one statement for them all) each their own place, in the order they came', async () => {
    const sale = await onsaleFor(49);
    const early = await members(12, 'together-early');
    // As the site runs: the on-sale's row read once for the joins of a moment (onsale-reads.ts), so they reach the
    // join statement in the order they came.
    const before = { ...deps(), cacheMs: ONSALE_CACHE_MS, now: () => new Date(sale.opensAt.getTime() - 60_000) };
    // The pre-queue: twelve joins in one turn, one of them twice (two tabs): one of the two joined.
    const prequeued = await Promise.all([...early, early[0]!].map((m) => joinQueue(before, sale.id, m.userId)));
    expect(prequeued.filter((j) => typeof j === 'object' && j.joined)).toHaveLength(12);
    expect([prequeued[0], prequeued[12]]).toContainEqual({ joined: false, position: null });
    expect((await positions(sale.id)).size).toBe(12);
    await tickAt(sale.id, sale.opensAt);
    forgetOnsale(sale.id);

    // At the end: twenty at once, one of them twice and one already in line; the rest take 13..31 in order.
    const late = await members(20, 'together-late');
    const after = { ...deps(), cacheMs: ONSALE_CACHE_MS, now: () => new Date(sale.opensAt.getTime() + 500) };
    const arrivals = [...late.slice(0, 10), late[3]!, early[5]!, ...late.slice(10)];
    const statements = vi.spyOn(shop.db, 'execute');
    const joined = await Promise.all(arrivals.map((m) => joinQueue(after, sale.id, m.userId)));
    // One join statement for the moment's 22 arrivals; the two already in line are then read on their own.
    expect(statements).toHaveBeenCalledTimes(1);
    statements.mockRestore();
    const places = await positions(sale.id);
    expect(late.map((m) => places.get(m.userId))).toEqual(Array.from({ length: 20 }, (_, i) => 13 + i));
    expect(joined[10]).toEqual({ joined: false, position: 16 });
    expect(joined[11]).toEqual({ joined: false, position: places.get(early[5]!.userId) });
    expect(joined.filter((j) => typeof j === 'object' && j.joined).map((j) => (j as { position: number }).position)).toEqual(Array.from({ length: 20 }, (_, i) => 13 + i));
    // No place given twice nor skipped: the line's counter is where its last place is.
    expect((await row(sale.id)).nextPosition).toBe(32);
    expect(places.size).toBe(32);
  });

  it('lets a pass through once, for its own member only, and refuses a hold without one', async () => {
    const sale = await onsaleFor(41);
    const [alice, bob] = await members(2, 'pass');
    await tickAt(sale.id, sale.opensAt);
    const at = new Date(sale.opensAt.getTime() + 2_000);
    for (const m of [alice!, bob!]) await joinQueue({ ...deps(), now: () => at }, sale.id, m.userId);
    await tickAt(sale.id, new Date(at.getTime() + 1_000));
    await tickAt(sale.id, new Date(at.getTime() + 2_000));
    const admittedAlice = await statusAt(sale.id, alice!.userId, new Date(at.getTime() + 2_000));
    expect(admittedAlice.phase).toBe('admitted');
    const request = { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: sale.slot };
    const book = (member: { userId: string; email: string }, pass: string | undefined) =>
      startQueuedCheckout(shop.deps, { ...deps(), now: () => new Date(at.getTime() + 3_000) }, member, request, 'en', (id) => (id === sale.id ? pass : undefined));
    const refusal = (promise: Promise<unknown>) => promise.then(() => 'booked', (e: AppError) => `${e.code} ${e.key}`);

    expect(await refusal(book(alice!, undefined))).toBe('QUEUE_REQUIRED queueRequired');
    // Bound to the member: Bob with Alice's pass is refused, and holds nothing.
    expect(await refusal(book(bob!, admittedAlice.pass!))).toBe('QUEUE_REQUIRED queueRequired');
    expect(checkPass(admittedAlice.pass!, { onsaleId: sale.id, userId: bob!.userId }, SECRET, at)).toEqual({ valid: false, reason: 'otherMember' });
    // A forged pass (signed with another secret) and one past its time.
    const forged = signPass({ onsaleId: sale.id, userId: alice!.userId, expiresAt: new Date(at.getTime() + 60_000) }, 'another-secret-of-another-site-0123456789');
    expect(await refusal(book(alice!, forged))).toBe('QUEUE_REQUIRED queueRequired');
    const old = signPass({ onsaleId: sale.id, userId: alice!.userId, expiresAt: at }, SECRET);
    expect(await refusal(book(alice!, old))).toBe('QUEUE_REQUIRED queuePassExpired');

    // Used once: two holds racing on one pass make one order.
    const raced = await Promise.all([refusal(book(alice!, admittedAlice.pass!)), refusal(book(alice!, admittedAlice.pass!))]);
    expect(raced.filter((r) => r === 'booked')).toHaveLength(1);
    expect(raced.filter((r) => r !== 'booked')[0]).toMatch(/^(QUEUE_REQUIRED queuePassUsed|BOOKING_IN_PROGRESS)/);
    expect(await refusal(book(alice!, admittedAlice.pass!))).toBe('QUEUE_REQUIRED queuePassUsed');
    // The hold asked for a read of the places left with its commit; a later ask before the read runs joins it
    // (one pending read, due at the first). Places are left, so the read leaves the on-sale on sale.
    expect(await askedReads(sale.id)).toEqual([{ runAt: new Date(at.getTime() + 3_000) }]);
    await askSoldOutCheck(shop.db, await row(sale.id), new Date(at.getTime() + 3_500));
    expect(await askedReads(sale.id)).toEqual([{ runAt: new Date(at.getTime() + 3_000) }]);
    await readPlacesLeftAt(new Date(at.getTime() + 3_000));
    expect((await row(sale.id)).soldOutAt).toBeNull();
    const aliceOrders = await shop.db.select().from(orders).where(eq(orders.userId, alice!.userId));
    expect(aliceOrders.filter((o) => o.availabilityId === sale.slot)).toHaveLength(1);
    expect((await statusAt(sale.id, alice!.userId, new Date(at.getTime() + 4_000))).phase).toBe('passUsed');
  });

  // Filling the day takes some fifty holds: slow on a busy machine.
  it('tells the queue it is sold out as soon as the last place is held', { timeout: 120_000 }, async () => {
    const sale = await onsaleFor(42, 30, 1);
    const day = sale.day;
    // Fill the day but one place, as earlier buyers would have.
    const slots = await shop.deps.supplier.availability({ productId: 'main-deck', optionId: 'main-deck-day', localDate: day });
    for (const slot of slots) {
      const left = slot.vacancies ?? 0;
      const keep = slot.id === sale.slot ? 1 : 0;
      for (let taken = 0; taken < left - keep; taken += 10) {
        await shop.deps.supplier.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId: slot.id, unitItems: Array.from({ length: Math.min(10, left - keep - taken) }, () => ({ unitId: 'adult' })) });
      }
    }
    const [buyer, waiting] = await members(2, 'last');
    await tickAt(sale.id, sale.opensAt);
    const at = new Date(sale.opensAt.getTime() + 1_000);
    await joinQueue({ ...deps(), now: () => at }, sale.id, buyer!.userId);
    await joinQueue({ ...deps(), now: () => at }, sale.id, waiting!.userId);
    await tickAt(sale.id, new Date(at.getTime() + 1_000));
    const pass = (await statusAt(sale.id, buyer!.userId, new Date(at.getTime() + 1_000))).pass!;
    expect((await statusAt(sale.id, waiting!.userId, new Date(at.getTime() + 1_000))).phase).toBe('waiting');
    // The one still waiting holds the waiting room's stream (decision 0073): told their place first.
    const waitingRoom = stream(sale.id, waiting!.userId, 2, () => new Date(at.getTime() + 1_000));
    await pushToStreams(sale.id, 0);
    expect(waitingRoom.messages).toMatchObject([{ phase: 'waiting', position: 1 }]);
    const held = new Date(at.getTime() + 1_500);
    await startQueuedCheckout(shop.deps, { ...deps(), now: () => held }, buyer!, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: sale.slot }, 'en', () => pass);
    // The hold asked for a read of the places left with its commit, due at once; the runner's read tells the queue.
    expect(await askedReads(sale.id)).toEqual([{ runAt: held }]);
    await readPlacesLeftAt(held);
    expect(await askedReads(sale.id)).toEqual([]);
    expect((await statusAt(sale.id, waiting!.userId, new Date(at.getTime() + 1_600))).phase).toBe('soldOut');
    // The stream's next push (at once, not when the next answer was due) tells them, and ends.
    await pushToStreams(sale.id, 1);
    expect(waitingRoom.messages.slice(1)).toMatchObject([{ phase: 'soldOut' }]);
    expect(waitingRoom.ended).toBe(true);
    expect(streamCount(sale.id)).toBe(0);
  });

  it('lets buyers straight through when the queue store cannot answer', async () => {
    const sale = await onsaleFor(43);
    const [buyer] = await members(1, 'open');
    await tickAt(sale.id, sale.opensAt);
    // A store that cannot answer: a database that was closed (PGlite) or a server out of reach (PostgreSQL).
    const broken = await openBackendDatabase(adminUrl);
    await broken.dispose();
    const down = { ...deps(), db: broken.db as Database, storeTimeoutMs: 3_000 };
    const before = (await metrics().onsaleFailOpen.get()).values[0]?.value ?? 0;
    expect(await joinQueue(down, sale.id, buyer!.userId)).toBe(FAIL_OPEN);
    expect(await queueStatus(down, sale.id, buyer!.userId)).toBe(FAIL_OPEN);
    const started = await startQueuedCheckout(shop.deps, down, buyer!, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: sale.slot }, 'en', () => undefined);
    expect(started.bookingId).toBeTruthy();
    expect((await metrics().onsaleFailOpen.get()).values[0]?.value).toBe(before + 3);
    // A waiting room's stream on that server is sent to ask (whose answer is to go straight through), and ends.
    const held = { messages: [] as StreamMessage[], ended: false };
    joinStreams(down, sale.id, { userId: buyer!.userId, position: 1, send: (m) => held.messages.push(m), end: () => (held.ended = true) }, 0);
    await pushToStreams(sale.id, 0);
    expect(held).toEqual({ messages: [{ ask: true }], ended: true });
    expect(streamCount(sale.id)).toBe(0);
    // With the store back, the same hold needs its pass again.
    await expect(startQueuedCheckout(shop.deps, deps(), buyer!, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: sale.slot }, 'en', () => undefined)).rejects.toMatchObject({ code: 'QUEUE_REQUIRED' });
  });

  it('lets nobody through without a pass while the queue store is slow, and resumes the line in order', async () => {
    // One a minute: the line moves one buyer per minute from the opening.
    const sale = await onsaleFor(45, 1);
    const buyers = await members(3, 'slow');
    await tickAt(sale.id, sale.opensAt);
    const at = new Date(sale.opensAt.getTime() + 1_000);
    for (const m of buyers.slice(0, 2)) await joinQueue({ ...deps(), now: () => at }, sale.id, m.userId);
    const slowCount = async () => (await metrics().onsaleStoreSlow.get()).values[0]?.value ?? 0;
    const openCount = async () => (await metrics().onsaleFailOpen.get()).values[0]?.value ?? 0;
    const [slowBefore, openBefore] = [await slowCount(), await openCount()];
    const request = { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: sale.slot };
    const slow = { ...deps(), now: () => at, storeTimeoutMs: 300 };
    // A slow store, not a broken one: another transaction holds the queue's tables, so every query waits.
    const release = await holdQueueTables(shop.db);
    try {
      expect(await joinQueue(slow, sale.id, buyers[2]!.userId)).toBe(STORE_BUSY);
      expect(await queueStatus(slow, sale.id, buyers[0]!.userId)).toBe(STORE_BUSY);
      // A hold without a pass, and one with a pass the store cannot check in time: 503, try again in a moment.
      const refusal = (pass: string | undefined) =>
        startQueuedCheckout(shop.deps, slow, buyers[0]!, request, 'en', () => pass).then(
          () => 'booked',
          (e: AppError) => `${e.status} ${e.code} ${e.key} ${e.headers['Retry-After']}`,
        );
      expect(await refusal(undefined)).toBe('503 UNAVAILABLE queueBusy 5');
      const pass = signPass({ onsaleId: sale.id, userId: buyers[0]!.userId, expiresAt: new Date(at.getTime() + 60_000) }, SECRET);
      expect(await refusal(pass)).toBe('503 UNAVAILABLE queueBusy 5');
      expect(await slowCount()).toBe(slowBefore + 4);
      expect(await openCount()).toBe(openBefore);
    } finally {
      await release();
    }
    // Nothing was held by anyone.
    for (const m of buyers) expect((await shop.db.select().from(orders).where(eq(orders.userId, m.userId))).filter((o) => o.availabilityId === sale.slot)).toEqual([]);
    // The store answers again: the late join lands at the end, and the line moves one a minute in its order.
    const deadline = Date.now() + 10_000;
    while ((await positions(sale.id)).get(buyers[2]!.userId) == null) {
      if (Date.now() > deadline) throw new Error('the late join never landed');
      await joinQueue({ ...deps(), now: () => at }, sale.id, buyers[2]!.userId);
    }
    expect(await Promise.all(buyers.map(async (m) => (await positions(sale.id)).get(m.userId)))).toEqual([1, 2, 3]);
    const minute = (n: number) => new Date(sale.opensAt.getTime() + n * 60_000 + 1_000);
    await tickAt(sale.id, minute(1));
    expect((await Promise.all(buyers.map((m) => statusAt(sale.id, m.userId, minute(1))))).map((s) => `${s.phase} ${s.position ?? ''}`)).toEqual(['admitted ', 'waiting 1', 'waiting 2']);
    await tickAt(sale.id, minute(2));
    expect((await Promise.all(buyers.slice(1).map((m) => statusAt(sale.id, m.userId, minute(2))))).map((s) => `${s.phase} ${s.position ?? ''}`)).toEqual(['admitted ', 'waiting 1']);
  });

  it('answers a waiting buyer from their ticket and this server\'s copy of the row, reading nothing of theirs', async () => {
    const sale = await onsaleFor(46, 60);
    const buyers = await members(3, 'ticket');
    await tickAt(sale.id, sale.opensAt);
    const at = new Date(sale.opensAt.getTime() + 1_000);
    const joined = [];
    for (const m of buyers) joined.push(await joinQueue({ ...deps(), now: () => at }, sale.id, m.userId));
    // The join tells the place for the ticket: 1, 2, 3 in the order they came.
    expect(joined).toEqual([1, 2, 3].map((position) => ({ joined: true, position })));
    const ticket = signTicket({ onsaleId: sale.id, userId: buyers[2]!.userId, position: 3 }, SECRET);
    expect(readTicket(ticket, sale.id, SECRET)).toEqual({ onsaleId: sale.id, userId: buyers[2]!.userId, position: 3 });
    // Not another on-sale's, not another site's, not altered.
    expect(readTicket(ticket, crypto.randomUUID(), SECRET)).toBeUndefined();
    expect(readTicket(ticket, sale.id, 'another-secret-of-another-site-0123456789')).toBeUndefined();
    expect(readTicket(`${ticket.slice(0, -2)}xx`, sale.id, SECRET)).toBeUndefined();

    // A server that read the row a moment ago (a long copy here, to hold it still) answers from it alone.
    const server = { ...deps(), now: () => at, cacheMs: 60_000, storeTimeoutMs: 300 };
    expect(await queueStatus(server, sale.id, buyers[2]!.userId, { position: 3 })).toMatchObject({ phase: 'waiting', position: 3, ahead: 2 });
    const release = await holdQueueTables(shop.db);
    try {
      // The store does not answer now: the buyer with a ticket still learns where they stand...
      expect(await queueStatus(server, sale.id, buyers[2]!.userId, { position: 3 })).toMatchObject({ phase: 'waiting', position: 3, ahead: 2, estimatedWaitSeconds: 3 });
      // ...one without (whose entry must be read) is told busy, still in line.
      expect(await queueStatus(server, sale.id, buyers[2]!.userId)).toBe(STORE_BUSY);
    } finally {
      await release();
      forgetOnsale(sale.id);
    }
    // The line moved meanwhile (another server's tick): this server's next read sees it.
    await tickAt(sale.id, new Date(at.getTime() + 1_000));
    const later = { ...server, now: () => new Date(at.getTime() + 1_000) };
    expect(await queueStatus(later, sale.id, buyers[2]!.userId, { position: 3 })).toMatchObject({ phase: 'waiting', position: 1 });

    // On a slow store this server's next read of the row (and its tick) takes a while: meanwhile the copy, up
    // to 5 s old, answers at once instead of every waiting buyer waiting for that read.
    const slowAgain = await holdQueueTables(shop.db);
    const realNow = Date.now();
    const twoSecondsOn = vi.spyOn(Date, 'now').mockReturnValue(realNow + 2_000);
    try {
      expect(await queueStatus({ ...later, cacheMs: ONSALE_CACHE_MS }, sale.id, buyers[2]!.userId, { position: 3 })).toMatchObject({ phase: 'waiting', position: 1 });
    } finally {
      twoSecondsOn.mockRestore();
      await slowAgain();
    }
    forgetOnsale(sale.id);
  });

  it('pushes each waiting room its answer: the drawn place at the opening, then when an ask was due, the turn at once', async () => {
    const sale = await onsaleFor(48, 60);
    const early = await members(2, 'stream-early');
    let clock = new Date(sale.opensAt.getTime() - 60_000);
    for (const m of early) await joinQueue({ ...deps(), now: () => clock }, sale.id, m.userId);
    const prequeue = early.map((m) => stream(sale.id, m.userId, null, () => clock));
    // Times below are the real clock's, in ms, as the server's pushes count them.
    await pushToStreams(sale.id, 0);
    for (const held of prequeue) expect(held.messages).toMatchObject([{ phase: 'prequeue', inPrequeue: 2 }]);
    const firstAnswer = prequeue[0]!.messages[0] as { pollAfterMs: number; pass?: unknown };
    expect(firstAnswer.pollAfterMs).toBeGreaterThan(0);
    expect(firstAnswer).not.toHaveProperty('pass');
    // Nothing due yet: nothing written.
    await pushToStreams(sale.id, 1);
    for (const held of prequeue) expect(held.messages).toHaveLength(1);

    // The opening draws the places: each stream is told its place at the next push, due or not; no more of
    // these routine answers at once than a push writes (here one), the rest at the next push.
    clock = sale.opensAt;
    await tickAt(sale.id, sale.opensAt);
    await pushToStreams(sale.id, 2, 1);
    expect(prequeue.map((held) => held.messages.length)).toEqual([2, 1]);
    await pushToStreams(sale.id, 2, 1);
    const drawn = prequeue.map((held) => held.messages[1] as { phase: string; position: number });
    expect(drawn.map((m) => m.phase)).toEqual(['waiting', 'waiting']);
    expect(drawn.map((m) => m.position).sort()).toEqual([1, 2]);
    const [firstInLine, second] = drawn[0]!.position === 1 ? prequeue : [prequeue[1]!, prequeue[0]!];

    // A later arrival, with their ticket's place (3), is told at the next push.
    const [late] = await members(1, 'stream-late');
    clock = new Date(sale.opensAt.getTime() + 500);
    expect(await joinQueue({ ...deps(), now: () => clock }, sale.id, late!.userId)).toEqual({ joined: true, position: 3 });
    const lateRoom = stream(sale.id, late!.userId, 3, () => clock);
    expect(streamCount(sale.id)).toBe(3);

    // A second later one buyer is let through: the first in line is told to ask (the pass is a cookie the ask
    // sets) and their stream ends; the second's next answer is not due yet; the newcomer learns their place.
    clock = new Date(sale.opensAt.getTime() + 1_000);
    await tickAt(sale.id, clock);
    await pushToStreams(sale.id, 3);
    expect(firstInLine!.messages.at(-1)).toEqual({ ask: true });
    expect(firstInLine!.ended).toBe(true);
    expect(second!.messages).toHaveLength(2);
    expect(second!.ended).toBe(false);
    expect(lateRoom.messages).toMatchObject([{ phase: 'waiting', position: 2, ahead: 1, estimatedWaitSeconds: 2 }]);
    expect(streamCount(sale.id)).toBe(2);
    // Once due (the server's pollAfterMs after the last), the second hears again: one ahead of them no more.
    await pushToStreams(sale.id, 3 + 15_000);
    expect(second!.messages.at(-1)).toMatchObject({ phase: 'waiting', position: 1, ahead: 0 });

    // A manager stops the on-sale: every stream is told it is over, and ends.
    await stopOnsale(shop.db, sale.id, MANAGER);
    forgetOnsale(sale.id);
    await pushToStreams(sale.id, 3 + 15_001);
    for (const held of [second!, lateRoom]) {
      expect(held.messages.at(-1)).toMatchObject({ phase: 'over' });
      expect(held.ended).toBe(true);
    }
    expect(streamCount(sale.id)).toBe(0);
  });

  it('tells an on-sale of every product on one day it is sold out once no option of any product has a place', { timeout: 120_000 }, async () => {
    onsaleCount += 1;
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', 47, 1);
    const today = todayIn(NY, serverNow());
    const view = await scheduleOnsale(shop.db, onsaleBody.parse({ productId: null, day, opensAt: `${today}T${String(11 + (onsaleCount % 12)).padStart(2, '0')}:00`, ratePerMinute: 30 }), MANAGER, shop.now());
    const slot = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const calendar = { db: shop.db, supplier: shop.deps.supplier, ownInventory: true, now: shop.now };
    // Every option of every product that day sold out but one place of Main Deck's first slot.
    for (const product of await shop.deps.supplier.getProducts('en')) {
      for (const option of product.options) {
        await setCapacity(calendar, { optionId: option.id, date: day, capacity: 0, by: MANAGER }).catch((e: AppError) => expect(e.key).toBe('noSlotsOnDay'));
      }
    }
    await setCapacity(calendar, { optionId: 'main-deck-day', date: day, time: slot.slice(11, 16), capacity: 1, by: MANAGER });
    const [buyer, waiting] = await members(2, 'every');
    await tickAt(view.id, newYorkInstant(`${today}T${String(11 + (onsaleCount % 12)).padStart(2, '0')}:00`));
    const at = new Date((await row(view.id)).opensAt.getTime() + 1_000);
    await joinQueue({ ...deps(), now: () => at }, view.id, buyer!.userId);
    await joinQueue({ ...deps(), now: () => at }, view.id, waiting!.userId);
    await tickAt(view.id, new Date(at.getTime() + 1_000));
    const pass = (await statusAt(view.id, buyer!.userId, new Date(at.getTime() + 1_000))).pass!;
    expect((await statusAt(view.id, waiting!.userId, new Date(at.getTime() + 1_000))).phase).toBe('waiting');
    const held = new Date(at.getTime() + 1_500);
    await startQueuedCheckout(shop.deps, { ...deps(), now: () => held }, buyer!, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot }, 'en', () => pass);
    await readPlacesLeftAt(held);
    expect((await statusAt(view.id, waiting!.userId, new Date(at.getTime() + 1_600))).phase).toBe('soldOut');
  });

  it('lets managers schedule and stop on-sales, audited, and refuses bad ones with nothing written', async () => {
    const sale = await onsaleFor(44);
    const audits = await shop.db.select().from(auditLog).where(and(eq(auditLog.target, sale.id)));
    expect(audits.map((a) => a.action)).toEqual(['onsale.schedule']);
    expect((await stopOnsale(shop.db, sale.id, MANAGER)).status).toBe('CANCELLED');
    await expect(stopOnsale(shop.db, sale.id, MANAGER)).rejects.toMatchObject({ code: 'INVALID_FIELDS', key: 'onsaleOver' });
    const count = (await shop.db.select().from(onsales)).length;
    await expect(scheduleOnsale(shop.db, onsaleBody.parse({ opensAt: '2020-01-01T10:00' }), MANAGER, shop.now())).rejects.toMatchObject({ key: 'onsaleInPast' });
    expect(onsaleBody.safeParse({ opensAt: '2027-05-20T10:00', ratePerMinute: 0 }).error?.issues[0]?.message).toBe('onsaleRate');
    expect(onsaleBody.safeParse({ opensAt: '2027-05-20T10:00', productId: 'nothing' }).error?.issues[0]?.message).toBe('onsaleProduct');
    expect((await shop.db.select().from(onsales)).length).toBe(count);
  });
});

/** Holds the queue's tables in another transaction until the answer is called: every query of them waits
 * (on PostgreSQL for the lock, on PGlite for its one connection), as on a store too busy to answer. */
async function holdQueueTables(db: Database): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = db.transaction(async (tx) => {
    await tx.execute(sql`lock table onsales, onsale_queue in access exclusive mode`);
    locked();
    await released;
  });
  await Promise.race([isLocked, holding]);
  return async () => {
    release();
    await holding;
  };
}

describe.each(TEST_BACKENDS)('the automatic queue on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl);

  it('opens a queue by itself when more than ONSALE_AUTO_HOLDS_PER_MINUTE holds come in a minute', async () => {
    const threshold = 2;
    const deps = { db: shop.db, now: shop.now, secret: SECRET, autoHoldsPerMinute: threshold };
    const day = await openDay(shop.deps.supplier, 'main-deck', 'main-deck-day', 50, 100);
    const slot = await firstSlot(shop.deps.supplier, 'main-deck', 'main-deck-day', day);
    const request = { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 1 }, selectedTime: slot };
    const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => signedUpMember(shop.db, `rush${i}`, 'en')));
    // Each server looks at most every few seconds: each hold here is a fresh look.
    const lastCheck = processGlobal<{ at: number }>('onsale-auto-check', () => ({ at: 0 }));
    const hold = (i: number) => {
      lastCheck.at = 0;
      return startQueuedCheckout(shop.deps, deps, buyers[i]!, request, 'en', () => undefined);
    };
    const live = () => shop.db.select().from(onsales);
    // As many holds as the threshold: no queue.
    await hold(0);
    await hold(1);
    expect(await live()).toEqual([]);
    // One more within the minute: an automatic on-sale of every product and day, open now, at the threshold's rate.
    await hold(2);
    const [auto] = await live();
    expect(auto).toMatchObject({ kind: 'auto', status: 'OPEN', productId: null, day: null, ratePerMinute: threshold, createdBy: 'auto' });
    expect(auto!.endsAt!.getTime() - auto!.opensAt.getTime()).toBe(AUTO_QUEUE_MINUTES * 60_000);
    // From now on a hold needs the queue's pass.
    await expect(hold(3)).rejects.toMatchObject({ code: 'QUEUE_REQUIRED' });
    // With one queue live, the rush does not open a second one.
    lastCheck.at = 0;
    await expect(hold(3)).rejects.toMatchObject({ code: 'QUEUE_REQUIRED' });
    expect(await live()).toHaveLength(1);
  });
});

describeOnPostgres('the on-sale queue across two server processes', (adminUrl) => {
  let database: Awaited<ReturnType<typeof openBackendDatabase>>;
  beforeAll(async () => {
    database = await openBackendDatabase(adminUrl);
  });
  afterAll(() => database?.dispose());

  it('lets through no more than the rate, whichever process ticks', async () => {
    const { db } = database;
    const opensAt = new Date(Date.UTC(2027, 4, 12, 15, 0));
    const [sale] = await db.insert(onsales).values({ opensAt, ratePerMinute: 120, createdBy: 'test' }).returning();
    const buyers = await Promise.all(Array.from({ length: 200 }, (_, i) => signedUpMember(db, `proc${i}`, 'en')));
    for (const b of buyers) await joinQueue({ db, now: () => new Date(opensAt.getTime() - 1_000), secret: SECRET }, sale!.id, b.userId);
    // Two Node processes tick the same shop times, 250 ms apart, for 30 s: 120 a minute is 60 buyers.
    const run = promisify(execFile);
    const tsx = path.join(process.cwd(), 'node_modules/.bin/tsx');
    // Both start ticking at the same moment, once both are up (tsx takes a second or two to start).
    const env = { ...process.env, DATABASE_URL: database.url!, ONSALE_ID: sale!.id, START: String(opensAt.getTime()), STEP: '250', STEPS: '120', GO_AT: String(Date.now() + 8_000), LOG_LEVEL: 'warn' };
    const outputs = await Promise.all([0, 1].map(() => run(tsx, ['tests/support/onsale-ticker.ts'], { env, cwd: process.cwd() })));
    const admittedByEach = outputs.map((o) => (JSON.parse(o.stdout.trim().split('\n').at(-1)!) as { admitted: number }).admitted);
    const [after] = await db.select().from(onsales).where(eq(onsales.id, sale!.id));
    // Each let through once: what the two counted is what the row says, and never more than 30 s allow. The
    // last tick falls between 29 and 30 s (a tick skipped under the other's lock shifts the next ones).
    expect(admittedByEach.reduce((a, b) => a + b, 0)).toBe(after!.servedThrough);
    expect(after!.servedThrough).toBeGreaterThanOrEqual(58);
    expect(after!.servedThrough).toBeLessThanOrEqual(60);
    // One more tick at 31 s: exactly 2 a second since the opening, nothing lost between the processes.
    const final = await tickQueue(db, after!, new Date(opensAt.getTime() + 31_000));
    expect(final.servedThrough).toBe(62);
  }, 120_000);
});
