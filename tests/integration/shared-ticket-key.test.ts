// One signing key for every server of a site (decision 0033): two servers on one PostgreSQL database read
// each other's tickets as genuine; a third with another key refuses to start, in one line; a rotation (the
// new key, the old one as TICKET_SIGNING_KEY_PREVIOUS) keeps the old tickets verifying, and a server still
// on the old key is told so.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newSigningSeed } from '@/server/ticket-keys';
import { createTestDatabase, describeOnPostgres, type TestDatabase } from '../support/postgres';
import { freePort, spawnSite, startSite, type RunningServer } from '../support/server';
import { staffEmail, TEST_SITE_ENV, TEST_TICKET_KEY, uniqueEmail, Visitor } from './sites';
import { buyTodaysTickets } from './supplier-scenarios';

describeOnPostgres('servers sharing one database', (adminUrl) => {
  let database: TestDatabase;
  const sites: RunningServer[] = [];
  const env = () => ({ ...TEST_SITE_ENV, DATABASE_URL: database.url });

  beforeAll(async () => {
    database = await createTestDatabase(adminUrl);
    // One after the other: the second finds the first's key in the database.
    sites.push(await startSite(env()));
    sites.push(await startSite(env()));
  }, 300_000);
  afterAll(async () => {
    for (const site of sites) await site.stop();
    await database?.drop();
  });

  /** How a server with these variables ends its start-up: its refusal line. */
  async function refusal(extra: Record<string, string>, without?: string): Promise<string> {
    const variables: Record<string, string> = { ...env(), ...extra };
    if (without) delete variables[without];
    const { child, output } = spawnSite(variables, await freePort());
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    return output().split('\n').find((line) => line.startsWith('Skypass will not start'))!;
  }

  async function scanAt(url: string, code: string, n: number) {
    const gate = new Visitor(url);
    await gate.signInAsStaff(staffEmail('gate', n));
    return (await (await gate.postJson('/api/staff/gate/scan', { code, gate: `Gate ${n}` })).json()) as { verdict: string };
  }

  it('reads a ticket bought on one server as VALID on the other; another key refuses to start; a rotation keeps old tickets', async () => {
    const [one, two] = sites as [RunningServer, RunningServer];
    const buyer = new Visitor(one.url);
    const email = uniqueEmail('shared-key');
    await buyer.signIn(email);
    const [first, second] = (await buyTodaysTickets(one.url, database.url, buyer, 2)).codes;

    expect(await scanAt(two.url, first!, 1)).toMatchObject({ verdict: 'VALID' });
    expect(await scanAt(one.url, first!, 2)).toMatchObject({ verdict: 'ALREADY_USED' });

    expect(await refusal({ TICKET_SIGNING_KEY: newSigningSeed() })).toMatch(/^Skypass will not start: TICKET_SIGNING_KEY differs from the key the other servers of this database sign with \(public key .{8}…\): give every server the same key$/);
    expect(await refusal({}, 'TICKET_SIGNING_KEY')).toBe('Skypass will not start: TICKET_SIGNING_KEY must be set when DATABASE_URL is set: every server of the site signs tickets with the same key');

    // A rotation: the new key signs, the old one still verifies the tickets it signed.
    const rotated = await startSite({ ...env(), TICKET_SIGNING_KEY: newSigningSeed(), TICKET_SIGNING_KEY_PREVIOUS: TEST_TICKET_KEY });
    sites.push(rotated);
    expect(await scanAt(rotated.url, second!, 3)).toMatchObject({ verdict: 'VALID' });
    expect(await refusal({ TICKET_SIGNING_KEY: TEST_TICKET_KEY })).toMatch(/^Skypass will not start: TICKET_SIGNING_KEY is this site's previous key/);
  }, 300_000);
});
