// Issuing tokens in process: exactly once under concurrent events and workers, the issuer down then
// up, and the POAP issuer against a local stand-in of its API.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalIssuer } from '@/adapters/collectibles/local-issuer';
import { createPoapIssuer, loadMintLinks } from '@/adapters/collectibles/poap-issuer';
import { signUp } from '@/modules/accounts/sign-up';
import { onJobEnqueued } from '@/modules/jobs/job-signal';
import { issueToken } from '@/modules/loyalty/issue-token';
import { getMembership } from '@/modules/loyalty/membership';
import { recordLoyaltyEvent } from '@/modules/loyalty/record-event';
import type { CollectiblesIssuer } from '@/ports/collectibles';
import type { Database } from '@/server/db/client';
import { jobs, localTokens, tokenIssues, users } from '@/server/db/schema';
import { openTestDatabase } from '../support/database';
import { runJobs } from '../support/jobs';
import { startPoapStandIn } from '../support/poap-stand-in';
import { serverNow } from '@/server/clock';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.dispose());

async function newMember(label: string) {
  const email = `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  await signUp(database.db, { email, contact: { firstName: 'Kai', lastName: 'Berg', phoneNumber: '+4915112345678', country: 'DE', postalCode: undefined, marketingOptIn: false }, locale: 'de' });
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  // As at the first sign-in through the e-mailed link.
  await recordLoyaltyEvent(database.db, { userId: user!.id, trigger: 'joined' });
  return { userId: user!.id, email };
}

const issuesOf = (userId: string) => database.db.select().from(tokenIssues).where(eq(tokenIssues.userId, userId));
/** The token's job: its attempts, its last error and when it runs next. */
const jobOf = async (issueId: string) => (await database.db.select().from(jobs).where(eq(jobs.dedupeKey, `loyalty.issue:${issueId}`)))[0]!;

/** A runner's pass over the due `loyalty.issue` jobs, at `now`. */
function issuePendingTokens(db: Database, issuer: CollectiblesIssuer, now?: Date, workerId?: string) {
  return runJobs(db, { 'loyalty.issue': (token) => issueToken(db, issuer, token.issueId) }, now, workerId);
}

describe('issuing with the local issuer', () => {
  it('gives nothing for an unverified sign-up: the welcome waits for the first sign-in', async () => {
    const email = `unverified.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(database.db, { email, contact: { firstName: 'Kai', lastName: 'Berg', phoneNumber: '+4915112345678', country: 'DE', postalCode: undefined, marketingOptIn: false }, locale: 'de' });
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(await issuesOf(user!.id)).toEqual([]);
  });

  it('earns the welcome token when joining', async () => {
    const member = await newMember('welcome');
    expect((await issuesOf(member.userId)).map((i) => `${i.dropId} ${i.status}`)).toEqual(['welcome pending']);
    await issuePendingTokens(database.db, createLocalIssuer(database.db));
    const membership = await getMembership(database.db, member.userId, 'en');
    expect(membership.tokens.map((t) => t.name)).toEqual(['Welcome aboard']);
    expect(membership.mintedTokenIds).toEqual([membership.tokens[0]!.id]);
    expect((await createLocalIssuer(database.db).collection(member.email)).map((t) => t.tokenId)).toEqual(membership.mintedTokenIds);
  });

  it("dates a token by New York's day, in the visitor's language", async () => {
    const member = await newMember('late-evening');
    await issuePendingTokens(database.db, createLocalIssuer(database.db));
    // 9:30 PM in New York is already the next day in UTC.
    await database.db.update(tokenIssues).set({ issuedAt: new Date('2026-11-24T02:30:00Z') }).where(eq(tokenIssues.userId, member.userId));
    expect((await getMembership(database.db, member.userId, 'en')).tokens[0]!.earnedOn).toBe('Monday 11/23/2026');
    expect((await getMembership(database.db, member.userId, 'de')).tokens[0]!.earnedOn).toBe('Montag 11/23/2026');
  });

  it('wakes the runner when an event records new work, and only then; held-back work waits for its time', async () => {
    let woken = 0;
    const stop = onJobEnqueued(() => woken++);
    try {
      const member = await newMember('wake');
      expect(woken).toBe(1);
      const later = new Date(serverNow().getTime() + 60_000);
      await recordLoyaltyEvent(database.db, { userId: member.userId, trigger: 'joined' }, later);
      expect(woken).toBe(1);
      const bookingUuid = crypto.randomUUID();
      await recordLoyaltyEvent(database.db, { userId: member.userId, trigger: 'booking-confirmed', productId: 'main-deck', bookingUuid }, later);
      expect(woken).toBe(2);
      const held = (await issuesOf(member.userId)).find((i) => i.source === `booking:${bookingUuid}`)!;
      expect((await jobOf(held.id)).runAt.getTime()).toBe(later.getTime());
    } finally {
      stop();
    }
  });

  it('issues once per member, drop and booking, under concurrent events and workers', async () => {
    const member = await newMember('busy');
    const booking = crypto.randomUUID();
    const events = await Promise.all([
      ...Array.from({ length: 10 }, () => recordLoyaltyEvent(database.db, { userId: member.userId, trigger: 'booking-confirmed', productId: 'sunrise', bookingUuid: booking })),
      ...Array.from({ length: 5 }, () => recordLoyaltyEvent(database.db, { userId: member.userId, trigger: 'joined' })),
    ]);
    // The first booking event earns two drops (any booking, and the sunrise); every repeat earns nothing.
    expect(events.reduce((a, b) => a + b, 0)).toBe(2);
    const issuer = createLocalIssuer(database.db);
    await Promise.all(Array.from({ length: 6 }, (_, i) => issuePendingTokens(database.db, issuer, undefined, `runner-${i}`)));
    const issues = await issuesOf(member.userId);
    expect(issues.map((i) => i.dropId).sort()).toEqual(['sunrise-seeker', 'ticket-holder', 'welcome']);
    expect(issues.every((i) => i.status === 'issued')).toBe(true);
    const tokens = await database.db.select().from(localTokens).where(eq(localTokens.owner, member.email));
    expect(tokens).toHaveLength(3);
    // Another booking earns the booking drop again, but not a second welcome.
    expect(await recordLoyaltyEvent(database.db, { userId: member.userId, trigger: 'booking-confirmed', productId: 'main-deck', bookingUuid: crypto.randomUUID() })).toBe(1);
  });

});

describe('issuing with POAP', () => {
  let poap: Awaited<ReturnType<typeof startPoapStandIn>>;
  const config = () => ({ apiKey: 'poap-api-key', clientId: 'skypass', clientSecret: 'poap-client-secret', apiBase: poap.apiBase, authUrl: poap.authUrl, retries: 1, timeoutMs: 2_000 });

  beforeAll(async () => {
    poap = await startPoapStandIn({ tokenLifetimeSeconds: 3600 });
  });
  afterAll(async () => poap?.close());
  // Each test gets a database of its own: a pool of mint links and pending work from another test would
  // otherwise be in the way.
  beforeEach(async () => {
    await database.dispose();
    database = await openTestDatabase();
  });

  it('takes a mint link, claims it to the member e-mail, and caches the access token', async () => {
    await loadMintLinks(database.db, 'welcome', poap.addLinks(3));
    const issuer = createPoapIssuer(database.db, config());
    const first = await newMember('poap-one');
    const second = await newMember('poap-two');
    await issuePendingTokens(database.db, issuer);
    const issued = [...(await issuesOf(first.userId)), ...(await issuesOf(second.userId))];
    expect(issued.map((i) => i.status)).toEqual(['issued', 'issued']);
    expect(new Set(issued.map((i) => i.mintLink)).size).toBe(2);
    expect(poap.state.claims).toBe(2);
    expect(poap.state.tokensIssued).toBe(1);
    expect([...poap.links.values()].filter((l) => l.claimed).map((l) => l.beneficiary).sort()).toEqual([first.email, second.email].sort());
    // The member's collection, read back from POAP.
    expect(await issuer.collection(first.email)).toEqual([expect.objectContaining({ eventId: 4242 })]);
  });

  it('asks for a new access token when the cached one expires', async () => {
    const shortLived = await startPoapStandIn({ tokenLifetimeSeconds: 30 });
    try {
      await loadMintLinks(database.db, 'welcome', shortLived.addLinks(2));
      const issuer = createPoapIssuer(database.db, { ...config(), apiBase: shortLived.apiBase, authUrl: shortLived.authUrl });
      await newMember('expiry-one');
      await issuePendingTokens(database.db, issuer);
      await newMember('expiry-two');
      await issuePendingTokens(database.db, issuer);
      // A token that expires within the minute is not reused.
      expect(shortLived.state.tokensIssued).toBe(2);
    } finally {
      await shortLived.close();
    }
  });

  it('says clearly when a drop has no mint links left, and keeps the work', async () => {
    const issuer = createPoapIssuer(database.db, config());
    const member = await newMember('empty-pool');
    await recordLoyaltyEvent(database.db, { userId: member.userId, trigger: 'ticket-redeemed', bookingUuid: crypto.randomUUID() });
    await issuePendingTokens(database.db, issuer, new Date(serverNow().getTime() + 60 * 60_000));
    const visit = (await issuesOf(member.userId)).find((i) => i.dropId === 'skyline-visitor')!;
    expect(visit.status).toBe('pending');
    expect((await jobOf(visit.id)).lastError).toBe('No mint links are left for the drop skyline-visitor: load more');
  });

  it('keeps tokens while POAP is down and issues them, once, when it is back', async () => {
    const issuer = createPoapIssuer(database.db, config());
    await loadMintLinks(database.db, 'welcome', poap.addLinks(1));
    const member = await newMember('outage');
    poap.state.down = true;
    let now = new Date(serverNow().getTime() + 2 * 60 * 60_000);
    await issuePendingTokens(database.db, issuer, now);
    const [failed] = await issuesOf(member.userId);
    expect(failed).toMatchObject({ status: 'pending' });
    const job = await jobOf(failed!.id);
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.lastError).toMatch(/POAP could not be reached/);
    expect(job.runAt.getTime() - now.getTime()).toBe(5_000);

    poap.state.down = false;
    // A claim that fails after the link was taken is retried with the same link.
    poap.state.failClaims = 2; // both tries of the next run
    now = new Date(now.getTime() + 10_000);
    await issuePendingTokens(database.db, issuer, now);
    const [retried] = await issuesOf(member.userId);
    expect(retried).toMatchObject({ status: 'pending' });
    expect(await jobOf(retried!.id)).toMatchObject({ status: 'pending', attempts: 2 });
    const link = retried!.mintLink;
    expect(link).toBeTruthy();

    now = new Date(now.getTime() + 60_000);
    await issuePendingTokens(database.db, issuer, now);
    const [issued] = await issuesOf(member.userId);
    expect(issued).toMatchObject({ status: 'issued', mintLink: link });
    expect(poap.links.get(link!)).toMatchObject({ claimed: true, beneficiary: member.email });
  });

  it('treats a link already claimed to the member as their token', async () => {
    const [qrHash] = poap.addLinks(1);
    const member = await newMember('claimed');
    poap.links.set(qrHash!, { ...poap.links.get(qrHash!)!, claimed: true, beneficiary: member.email });
    const issuer = createPoapIssuer(database.db, config());
    const { tokenId } = await issuer.issue({ issueId: crypto.randomUUID(), dropId: 'welcome', poapEventId: null, email: member.email, mintLink: qrHash! }, async () => undefined);
    expect(tokenId).toBe(String(poap.links.get(qrHash!)!.id));
  });
});
