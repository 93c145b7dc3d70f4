// The program edited by managers (issue #24 deliverable 7, decision 0044), in process on PGlite and
// PostgreSQL: the database's first version is config/program.json; a manager's edit is the next version,
// audited, in force at once on this server and, through the database, on another within
// PROGRAM_RECHECK_MS; an invalid edit is refused field by field and saves nothing; a new discount never
// reprices a paid order; a points adjustment never takes a balance below zero; the program's report.
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { adjustPoints } from '@/modules/program/adjust-points';
import { memberRecord, searchMembers } from '@/modules/program/member-lookup';
import { loadProgram, programChecked, PROGRAM_RECHECK_MS, unloadProgram } from '@/modules/program/program-cache';
import { programHistory, saveProgram } from '@/modules/program/program-versions';
import { reportCsv } from '@/modules/reports/report-csv';
import { reportFor } from '@/modules/reports/report-request';
import { currentPointsRules } from '@/config/points';
import { currentProgram, programOfFile } from '@/config/program';
import type { Program } from '@/config/program-schema';
import { serverNow } from '@/server/clock';
import { auditLog, memberPoints, memberTiers, memberVisits, orders, payments, programVersions } from '@/server/db/schema';
import { embeddedCheckoutDeps, signedUpMember, TEST_CARD, TEST_MANAGER as MANAGER } from '../support/checkout';
import { openTestDatabase, TEST_BACKENDS } from '../support/database';
import { createTestDatabase } from '../support/postgres';
import { auditLineCount, newestVersionRow, useDocumentDatabases } from '../support/versioned-document';
import { firstSlot, openDay } from './supplier-scenarios';


/** The program in force with the Regular tier changed. */
function withRegular(change: (tier: Program['tiers'][number]) => void): Program {
  const program = structuredClone(currentProgram());
  change(program.tiers.find((t) => t.id === 'regular')!);
  return program;
}

describe.each(TEST_BACKENDS)('the program edited by managers on $name', ({ adminUrl }) => {
  const docs = useDocumentDatabases(adminUrl, { load: loadProgram, unload: unloadProgram });

  const newest = () => newestVersionRow(docs.db, programVersions);
  const auditLines = () => auditLineCount(docs.db, 'program.edit');

  it('starts from config/program.json as version 1, in force through currentProgram() and currentPointsRules()', async () => {
    const history = await programHistory(docs.db);
    expect(history.at(-1)).toMatchObject({ version: 1, editedBy: null, reason: 'config/program.json' });
    expect(currentProgram()).toEqual(programOfFile());
    expect(currentPointsRules()).toEqual(programOfFile().points);
  });

  it('saves a manager’s edit as the next version with its audit line, in force at once', async () => {
    const base = (await newest()).version;
    const before = await auditLines();
    const saved = await saveProgram(docs.db, { document: withRegular((t) => (t.visits = 3)), baseVersion: base, reason: 'Regular from 3 visits', by: MANAGER }, serverNow());
    expect(saved).toEqual({ saved: true, version: base + 1 });
    expect(currentProgram().tiers.map((t) => t.visits)).toEqual([0, 3, 5]);
    expect((await programHistory(docs.db))[0]).toMatchObject({ version: base + 1, editedBy: MANAGER.email, reason: 'Regular from 3 visits' });
    expect(await auditLines()).toBe(before + 1);
    const [line] = await docs.db.select().from(auditLog).where(eq(auditLog.action, 'program.edit')).orderBy(desc(auditLog.at)).limit(1);
    expect(line).toMatchObject({ actorKind: 'staff', actorEmail: MANAGER.email, target: `program v${base + 1}` });
    expect((line!.after as Program).tiers[1]!.visits).toBe(3);
    expect((line!.before as Program).tiers[1]!.visits).toBe(2);
  });

  it('shows another server’s edit through currentProgram() once PROGRAM_RECHECK_MS have passed', async () => {
    const latest = await newest();
    // Another server saved: a version this process was not told about (its signal stays in its process).
    const document = withRegular((t) => (t.perks.extraTicketsPerBooking = 4));
    await docs.otherDb.insert(programVersions).values({ version: latest.version + 1, document, editedBy: 'other@staff.example', reason: 'elsewhere', createdAt: serverNow() });
    expect(currentProgram().tiers[1]!.perks.extraTicketsPerBooking).toBe(2);
    docs.tick += PROGRAM_RECHECK_MS;
    currentProgram();
    await programChecked();
    expect(currentProgram().tiers[1]!.perks.extraTicketsPerBooking).toBe(4);
    // A server that starts now loads it too.
    expect((await loadProgram(docs.otherDb, docs.clock)).version).toBe(latest.version + 1);
  });

  it('refuses an invalid edit with every problem by field, saving nothing', async () => {
    const latest = await newest();
    const auditBefore = await auditLines();
    const document = { ...withRegular((t) => (t.visits = -1)), windowMonths: 'twelve', points: { ...currentPointsRules(), products: { 'no-such-product': { adult: 5 } } } };
    const refused = await saveProgram(docs.db, { document, baseVersion: latest.version, reason: 'broken', by: MANAGER }, serverNow());
    expect(refused.saved).toBe(false);
    const issues = refused.saved ? [] : refused.issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'windowMonths', code: 'notANumber', values: { expected: 'number' } },
        { path: 'tiers.1.visits', code: 'tooSmall', values: { min: 0 } },
      ]),
    );
    // The tiers' order rule, and a product the catalogue does not sell, are named too.
    const order = await saveProgram(docs.db, { document: withRegular((t) => (t.visits = 9)), baseVersion: latest.version, reason: 'out of order', by: MANAGER }, serverNow());
    expect(order.saved ? [] : order.issues).toEqual([{ path: 'tiers', code: 'rule', values: { rule: 'tiers must be in order of strictly rising visits' } }]);
    const stray = await saveProgram(docs.db, { document: { ...currentProgram(), points: { ...currentPointsRules(), products: { 'no-such-product': { adult: 5 } } } }, baseVersion: latest.version, reason: 'x', by: MANAGER }, serverNow());
    expect(stray.saved ? [] : stray.issues).toEqual([{ path: 'points.products.no-such-product', code: 'unknownProduct', values: { id: 'no-such-product' } }]);
    const noReason = await saveProgram(docs.db, { document: currentProgram(), baseVersion: latest.version, reason: '  ', by: MANAGER }, serverNow());
    expect(noReason.saved ? [] : noReason.issues).toEqual([{ path: 'reason', code: 'required', values: {} }]);
    // From an older version than the newest: refused, not a silent undo of the other manager's edit.
    await expect(saveProgram(docs.db, { document: currentProgram(), baseVersion: latest.version - 1, reason: 'stale', by: MANAGER }, serverNow())).rejects.toMatchObject({
      code: 'PROGRAM_CHANGED',
      status: 409,
    });
    expect((await newest()).version).toBe(latest.version);
    expect(await auditLines()).toBe(auditBefore);
    expect(currentProgram().windowMonths).toBe(12);
  });

  it('never reprices a paid order: a new discount applies to the next order only', async () => {
    const deps = embeddedCheckoutDeps(docs.db, serverNow);
    const member = await signedUpMember(docs.db, 'discount', 'en');
    await docs.db.update(memberTiers).set({ tierId: 'regular' }).where(eq(memberTiers.userId, member.userId));
    const buy = async (daysAhead: number) => {
      const day = await openDay(deps.supplier, 'main-deck', 'main-deck-day', daysAhead, 4);
      const selectedTime = await firstSlot(deps.supplier, 'main-deck', 'main-deck-day', day);
      const checkout = await startCheckout(deps, member, { productId: 'main-deck', optionId: 'main-deck-day', quantities: { adult: 2 }, selectedTime }, 'en');
      await deps.gateway.pay(checkout.paymentSession.id, TEST_CARD);
      await completeCheckout(deps, checkout.paymentSession.id);
      const [order] = await docs.db.select().from(orders).where(eq(orders.bookingUuid, checkout.bookingId));
      return order!;
    };
    const paid = await buy(30);
    expect(paid).toMatchObject({ total: 2 * 3960, discountCents: 880 });
    const saved = await saveProgram(docs.db, { document: withRegular((t) => (t.perks.memberDiscountPercent = 50)), baseVersion: (await newest()).version, reason: 'half price', by: MANAGER }, serverNow());
    expect(saved.saved).toBe(true);
    const [again] = await docs.db.select().from(orders).where(eq(orders.id, paid.id));
    const [payment] = await docs.db.select().from(payments).where(eq(payments.id, paid.paymentId));
    expect(again).toMatchObject({ total: 2 * 3960, discountCents: 880, status: 'CONFIRMED' });
    expect(payment!.amount).toBe(2 * 3960);
    expect(await buy(31)).toMatchObject({ total: 2 * 2200, discountCents: 4400 });
  });

  it('adjusts a member’s points with a reason, audited, and never below zero, even at once', async () => {
    const member = await signedUpMember(docs.db, 'adjusted', 'en');
    const adjust = (points: number, note = 'goodwill') => adjustPoints(docs.db, { userId: member.userId, points, note, by: MANAGER }, serverNow());
    expect(await adjust(300, 'lost ticket')).toEqual({ balance: 300 });
    await expect(adjust(-500)).rejects.toMatchObject({ code: 'POINTS_TOO_FEW', status: 409, values: { balance: 300, points: 500 } });
    expect(await adjust(-200, 'duplicate credit')).toEqual({ balance: 100 });
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => adjust(-40)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason)).toEqual(Array(3).fill(expect.objectContaining({ code: 'POINTS_TOO_FEW' })));
    const record = await memberRecord(docs.db, member.userId, serverNow());
    expect(record!.points.balance).toBe(20);
    expect(record!.lines.map((l) => [l.reason, l.points, l.note, l.adjustedBy])).toEqual(
      expect.arrayContaining([
        ['adjustment', 300, 'lost ticket', MANAGER.email],
        ['adjustment', -200, 'duplicate credit', MANAGER.email],
      ]),
    );
    const audits = await docs.db.select().from(auditLog).where(and(eq(auditLog.action, 'points.adjust'), eq(auditLog.target, member.email)));
    expect(audits).toHaveLength(4);
    expect(audits.map((a) => a.after)).toEqual(expect.arrayContaining([{ balance: 300, points: 300, note: 'lost ticket' }]));
    await expect(adjustPoints(docs.db, { userId: 'nobody', points: 5, note: 'x', by: MANAGER }, serverNow())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('finds a member by e-mail or name, with tier, visits and points history', async () => {
    const member = await signedUpMember(docs.db, 'findable', 'nl');
    await docs.db.insert(memberVisits).values({ userId: member.userId, visitDate: '2027-04-02', bookingUuid: 'b-1', bookingReference: 'SKY-FIND1', countedAt: serverNow() });
    expect((await searchMembers(docs.db, member.email.slice(0, 14))).map((m) => m.userId)).toContain(member.userId);
    expect((await searchMembers(docs.db, 'jan smit')).map((m) => m.email)).toContain(member.email);
    expect(await searchMembers(docs.db, '%')).toEqual([]);
    const record = await memberRecord(docs.db, member.userId, serverNow());
    expect(record).toMatchObject({ email: member.email, name: 'Jan Smit', tierId: 'explorer', visits: [{ date: '2027-04-02', bookingReference: 'SKY-FIND1' }] });
  });

  it('reports members by tier, the repeat-visit rate and the points of a period', async () => {
    // A database of its own: the figures are the seeded ones only.
    const own = await openTestDatabase(docs.postgres ? (await createTestDatabase(adminUrl!)).url : undefined);
    try {
      const base = { countedAt: serverNow(), bookingUuid: 'b', bookingReference: 'SKY-R' };
      const [a, b, c] = [await signedUpMember(own.db, 'a', 'en'), await signedUpMember(own.db, 'b', 'en'), await signedUpMember(own.db, 'c', 'en')];
      await own.db.update(memberTiers).set({ tierId: 'regular' }).where(eq(memberTiers.userId, a.userId));
      // a: two visits in May, b: one in May and one in March (outside), c: none; each linked to the member's
      // visit before and after it, as member-visits.ts keeps them (decision 0064).
      await own.db.insert(memberVisits).values([
        { ...base, userId: a.userId, visitDate: '2027-05-01', nextVisitDate: '2027-05-08' },
        { ...base, userId: a.userId, visitDate: '2027-05-08', previousVisitDate: '2027-05-01' },
        { ...base, userId: b.userId, visitDate: '2027-05-03', previousVisitDate: '2027-03-03' },
        { ...base, userId: b.userId, visitDate: '2027-03-03', nextVisitDate: '2027-05-03' },
      ]);
      const line = { reason: 'ticket' as const, spent: 0, confirmedAt: serverNow() };
      await own.db.insert(memberPoints).values([
        // In force: 300 unspent of 400, and 100; earned in the period.
        { ...line, userId: a.userId, points: 400, spent: 100, state: 'confirmed', earnedAt: new Date('2027-05-02T15:00:00Z'), expiresOn: '2028-05-02' },
        { ...line, userId: b.userId, points: 100, state: 'confirmed', earnedAt: new Date('2027-04-02T15:00:00Z'), expiresOn: '2028-04-02' },
        // Pending: earned in the period, not outstanding. Void: neither.
        { ...line, userId: b.userId, points: 50, state: 'pending', earnedAt: new Date('2027-05-05T15:00:00Z'), confirmedAt: null },
        { ...line, userId: b.userId, points: 70, state: 'void', earnedAt: new Date('2027-05-05T15:00:00Z'), closedAt: new Date('2027-05-06T15:00:00Z'), closeReason: 'cancelled' },
        // Expired in the period (30 of 80 had been spent).
        { ...line, userId: c.userId, points: 80, spent: 30, state: 'expired', earnedAt: new Date('2026-05-01T15:00:00Z'), expiresOn: '2027-05-04', closedAt: new Date('2027-05-04T09:00:00Z'), closeReason: 'expired' },
        // A manager's debit in the period.
        { ...line, reason: 'adjustment', userId: a.userId, points: -100, state: 'confirmed', earnedAt: new Date('2027-05-07T15:00:00Z'), note: 'x', adjustedBy: MANAGER.email },
      ]);
      const report = await reportFor(own.db, { from: '2027-05-01', to: '2027-05-12' }, true);
      const { program } = report;
      expect(program.byTier).toEqual([
        { tierId: 'explorer', members: 2 },
        { tierId: 'regular', members: 1 },
        { tierId: 'local-legend', members: 0 },
      ]);
      expect(program.members).toBe(3);
      expect(program.repeatVisits).toEqual({ visitors: 2, repeat: 1, rate: 0.5 });
      expect(program.points).toEqual({ outstanding: 400, earned: 450, spent: 100, expired: 50 });
      // The lines other parts of the program provide (none used in this database): rewards and guest passes
      // (decision 0042), the places kept for members (decision 0041).
      expect(program.lines).toEqual([
        { key: 'rewardsRedeemed', value: 0 },
        { key: 'guestPassesUsed', value: 0 },
        { key: 'allotmentUse', value: 0 },
      ]);
      const names = { product: (id: string) => id, channel: (id: string) => id, drop: (id: string) => id, tier: (id: string) => `Tier ${id}` };
      expect(reportCsv(report, 'program', names).split('\r\n')).toEqual([
        'figure,id,name,value',
        'members_by_tier,explorer,Tier explorer,2',
        'members_by_tier,regular,Tier regular,1',
        'members_by_tier,local-legend,Tier local-legend,0',
        'repeat_visits,visitors,,2',
        'repeat_visits,repeat_visitors,,1',
        'repeat_visits,rate,,0.5000',
        'points,outstanding,,400',
        'points,earned,,450',
        'points,spent,,100',
        'points,expired,,50',
        'program,rewardsRedeemed,,0',
        'program,guestPassesUsed,,0',
        'program,allotmentUse,,0',
        '',
      ]);
    } finally {
      await own.dispose();
    }
  });
});
