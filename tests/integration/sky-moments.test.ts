// Sky Moments (issue #24 deliverable 5, decision 0043), in process on PGlite and PostgreSQL: one member's
// visits through the real checkout and gate complete each demo challenge exactly once, at the visit that
// meets it and not before; each completion earns its token (a `loyalty.issue` job) and its confirmed points
// once, even when the job runs twice.
import { asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestGateway } from '@/adapters/payments/test-gateway';
import { completeCheckout } from '@/modules/checkout/complete-checkout';
import { startCheckout } from '@/modules/checkout/start-checkout';
import { scanTicket } from '@/modules/gate/scan-ticket';
import { enqueue } from '@/modules/jobs/enqueue';
import { getMembership } from '@/modules/loyalty/membership';
import { challengeJobHandlers } from '@/modules/program/challenge-jobs';
import { jobs, memberChallenges, memberPoints, tokenIssues } from '@/server/db/schema';
import { addLocalDays } from '@/universal/local-date';
import { GATE_STAFF, signedUpMember, TEST_CARD, useEmbeddedShop } from '../support/checkout';
import { TEST_BACKENDS } from '../support/database';
import { runJobs } from '../support/jobs';

type Visit = { productId?: string; optionId?: string; slot?: 'first' | 'last' | 'middle'; adults?: number };

describe.each(TEST_BACKENDS)('Sky Moments on $name', ({ adminUrl }) => {
  const shop = useEmbeddedShop(adminUrl, { signingKey: true });

  /** A paid booking made the day before `localDate`, its first ticket scanned five minutes into the slot. */
  async function visit(member: { userId: string; email: string }, localDate: string, { productId = 'main-deck', optionId = 'main-deck-day', slot = 'middle', adults = 1 }: Visit = {}) {
    shop.clock = new Date(`${addLocalDays(localDate, -1)}T12:00:00-04:00`);
    const slots = await shop.deps.supplier.availability({ productId, optionId, localDateStart: localDate, localDateEnd: localDate });
    const chosen = slot === 'first' ? slots[0]! : slot === 'last' ? slots.at(-1)! : slots[Math.floor(slots.length / 2)]!;
    const checkout = await startCheckout(shop.deps, member, { productId, optionId, quantities: { adult: adults }, selectedTime: chosen.id }, 'en');
    await (shop.deps.gateway as ReturnType<typeof createTestGateway>).pay(checkout.paymentSession.id, TEST_CARD);
    const { order } = await completeCheckout(shop.deps, checkout.paymentSession.id);
    shop.clock = new Date(new Date(chosen.id).getTime() + 5 * 60_000);
    expect(await scanTicket(shop.gate, { code: order.tickets![0]!.code!, gate: 'North', by: GATE_STAFF })).toMatchObject({ verdict: 'VALID' });
  }

  const runChallengeJobs = () => runJobs(shop.db, challengeJobHandlers(shop.db), shop.now());
  const completed = async (userId: string) =>
    (await shop.db.select().from(memberChallenges).where(eq(memberChallenges.userId, userId)).orderBy(asc(memberChallenges.completedAt))).map((row) => row.challengeId);
  const challengePoints = async (userId: string) =>
    (await shop.db.select().from(memberPoints).where(eq(memberPoints.userId, userId))).filter((line) => line.reason.startsWith('challenge:')).map((line) => [line.reason, line.points, line.state]);
  const challengeTokens = async (userId: string) =>
    (await shop.db.select().from(tokenIssues).where(eq(tokenIssues.userId, userId))).filter((row) => row.source.startsWith('challenge:')).map((row) => [row.dropId, row.source]);
  const progress = async (userId: string) => Object.fromEntries((await getMembership(shop.db, userId, 'en', shop.now())).moments.challenges.map((c) => [c.id, c.done ? 'done' : `${c.have}/${c.need}`]));

  it('completes each demo challenge once, at the visit that meets it, with its token and points', async () => {
    const member = await signedUpMember(shop.db, 'moments', 'en');
    expect(await progress(member.userId)).toEqual({ 'four-seasons': '0/4', 'sunrise-and-sunset': '0/2', 'three-months-in-a-row': '0/3', secret: '0/1' });

    // Spring (May), a midday slot: nothing completed.
    await visit(member, '2027-05-19');
    await runChallengeJobs();
    expect(await completed(member.userId)).toEqual([]);
    expect(await progress(member.userId)).toMatchObject({ 'four-seasons': '1/4', 'sunrise-and-sunset': '0/2', 'three-months-in-a-row': '1/3' });

    // Summer (June): the day's first slot, a sunrise; half of "a sunrise and a sunset".
    await visit(member, '2027-06-16', { slot: 'first' });
    await runChallengeJobs();
    expect(await completed(member.userId)).toEqual([]);
    expect(await progress(member.userId)).toMatchObject({ 'four-seasons': '2/4', 'sunrise-and-sunset': '1/2', 'three-months-in-a-row': '2/3' });

    // The same day's last slot: the date was already a visit, but the sunset completes the pair.
    await visit(member, '2027-06-16', { slot: 'last' });
    await runChallengeJobs();
    expect(await completed(member.userId)).toEqual(['sunrise-and-sunset']);

    // July: three calendar months in a row.
    await visit(member, '2027-07-14');
    await runChallengeJobs();
    expect(await completed(member.userId)).toEqual(['sunrise-and-sunset', 'three-months-in-a-row']);

    // Autumn: three seasons of four.
    await visit(member, '2027-10-13');
    await runChallengeJobs();
    expect(await progress(member.userId)).toMatchObject({ 'four-seasons': '3/4' });
    expect(await completed(member.userId)).toHaveLength(2);

    // Winter, within 12 months of the spring visit: the four seasons.
    await visit(member, '2028-01-12');
    await runChallengeJobs();
    expect(await completed(member.userId)).toEqual(['sunrise-and-sunset', 'three-months-in-a-row', 'four-seasons']);
    expect(await progress(member.userId)).toMatchObject({ 'four-seasons': 'done', 'sunrise-and-sunset': 'done', 'three-months-in-a-row': 'done', secret: '0/1' });

    // The hidden one: a party of six.
    await visit(member, '2028-01-13', { adults: 6 });
    await runChallengeJobs();
    expect(await completed(member.userId)).toEqual(['sunrise-and-sunset', 'three-months-in-a-row', 'four-seasons', 'sky-crew']);
    expect(await progress(member.userId)).toMatchObject({ 'sky-crew': 'done' });
    expect((await getMembership(shop.db, member.userId, 'en')).moments.unseen.sort()).toEqual(['four-seasons', 'sky-crew', 'sunrise-and-sunset', 'three-months-in-a-row']);

    // The job run again (twice over): nothing more.
    for (let i = 0; i < 2; i++) {
      await enqueue(shop.db, 'program.challenges', { userId: member.userId });
      await runChallengeJobs();
    }
    expect(await completed(member.userId)).toHaveLength(4);
    expect((await challengePoints(member.userId)).sort()).toEqual([
      ['challenge:four-seasons', 300, 'confirmed'],
      ['challenge:sky-crew', 250, 'confirmed'],
      ['challenge:sunrise-and-sunset', 200, 'confirmed'],
      ['challenge:three-months-in-a-row', 200, 'confirmed'],
    ]);
    expect((await challengeTokens(member.userId)).sort()).toEqual([
      ['four-seasons', 'challenge:four-seasons'],
      ['sky-crew', 'challenge:sky-crew'],
      ['sunrise-and-sunset', 'challenge:sunrise-and-sunset'],
      ['three-in-a-row', 'challenge:three-months-in-a-row'],
    ]);
    // Each token waits for its issuing job.
    expect(await shop.db.select().from(jobs).where(like(jobs.dedupeKey, 'loyalty.issue:%'))).toHaveLength(
      (await shop.db.select().from(tokenIssues)).length,
    );
  });

  it('pays a challenge once when two evaluations of one member race', async () => {
    const member = await signedUpMember(shop.db, 'racing', 'en');
    await visit(member, '2027-08-18', { adults: 6 });
    const handler = challengeJobHandlers(shop.db)['program.challenges']!;
    const job = { id: 'race', attempt: 0, maxAttempts: 1, now: shop.now() };
    await Promise.all([handler({ userId: member.userId }, job), handler({ userId: member.userId }, job)]);
    expect(await completed(member.userId)).toEqual(['sky-crew']);
    expect(await challengePoints(member.userId)).toEqual([['challenge:sky-crew', 250, 'confirmed']]);
  });
});
