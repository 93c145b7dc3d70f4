// A crash between a booking's commit and its webhook notification: a reseller books through /octo while
// its receiver is down, the site is killed (kill -9 of its process group) as the first answer arrives,
// with other bookings in flight, and every booking that committed is found with its notification
// committed beside it; after a restart on the same data each of them is notified, and the operator's
// list of jobs shows none failed. The notification is a job enqueued in the
// booking's own transaction (src/wiring/supplier.ts), so no window exists in which a crash loses it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { JOB_LEASE_MS } from '@/modules/jobs/run-due-jobs';
import { serverNow } from '@/server/clock';
import { openDatabase } from '@/server/db/client';
import { bookings, jobs } from '@/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { startSite, type RunningServer } from '../support/server';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { OCTO_KEY, OPS_KEY, TEST_SITE_ENV } from './sites';
import { adults, firstSlot, openDay } from './supplier-scenarios';

const BOOKINGS = 8;

type Backend = { name: string; adminUrl?: string };
const backends: Backend[] = [{ name: 'PGlite' }];
if (process.env.TEST_DATABASE_URL) backends.push({ name: 'PostgreSQL', adminUrl: process.env.TEST_DATABASE_URL });

describe.each(backends)('a crash right after bookings commit, on $name', ({ adminUrl }) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-webhook-crash-'));
  let database: TestDatabase | undefined;
  let site: RunningServer | undefined;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;

  afterAll(async () => {
    await site?.stop();
    await receiver?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses no webhook notification', { timeout: 240_000 }, async () => {
    if (adminUrl) database = await createTestDatabase(adminUrl);
    const env = { ...TEST_SITE_ENV, DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    // Down until the test says otherwise: nothing is delivered before the crash.
    receiver = await startWebhookReceiver(Array.from({ length: 10_000 }, () => 503));
    site = await startSite(env, { detached: true });
    const { url } = site;

    const registered = await fetch(`${url}/octo/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OCTO_KEY}`, 'content-type': 'application/json', 'octo-capabilities': 'octo/webhooks' },
      body: JSON.stringify({ url: receiver.url, event: 'booking_update' }),
    });
    expect(registered.status).toBe(200);
    const octo = createOctoClient({ baseUrl: `${url}/octo`, apiKey: OCTO_KEY });
    const day = await openDay(octo, 'main-deck', 'main-deck-day', 11);
    const availabilityId = await firstSlot(octo, 'main-deck', 'main-deck-day', day);
    const uuids = Array.from({ length: BOOKINGS }, () => crypto.randomUUID());
    const requests = uuids.map((uuid) =>
      octo.createBooking({ uuid, productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: adults(1) }).then(
        () => 'answered' as const,
        () => 'cut' as const,
      ),
    );
    // Killed as the first answer arrives, the other bookings in flight: committing, or just committed.
    await Promise.race(requests);
    await site.crash();
    await Promise.all(requests);

    // Every booking that committed has its notification committed beside it, undelivered.
    const store = await openDatabase({ databaseUrl: database?.url, dataDir });
    let booked: { uuid: string }[];
    try {
      booked = (await store.db.select({ uuid: bookings.uuid }).from(bookings)).filter((b) => uuids.includes(b.uuid));
      expect(booked.length).toBeGreaterThan(0);
      const queued = await store.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'));
      for (const booking of booked) {
        const own = queued.filter((job) => (job.payload as { body: string }).body.includes(booking.uuid));
        expect(own).toHaveLength(1);
        expect(own[0]!.status).not.toBe('done');
      }
    } finally {
      await store.close();
    }

    // The receiver is back; the site restarts on the same data and port, one job lease after the crash on the
    // site's clock (the test does not wait it out in real time).
    receiver.answers.length = 0;
    const before = receiver.received.length;
    site = await startSite({ ...env, SKYPASS_CLOCK: new Date(serverNow().getTime() + JOB_LEASE_MS).toISOString() }, { port: site.port, detached: true });
    await vi.waitFor(
      () => {
        const arrived = new Set(receiver!.received.slice(before).map((r) => (r.json.booking as { uuid: string }).uuid));
        const missing = booked.filter((b) => !arrived.has(b.uuid));
        if (missing.length) throw new Error(`${missing.length} booking(s) without a notification since the restart`);
      },
      // On PostgreSQL a job the dead process held waits for its lease to run out (at the restart, here).
      { timeout: 60_000, interval: 500 },
    );

    const overview = await fetch(`${site.url}/api/ops/jobs`, { method: 'POST', headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' }, body: '{}' });
    expect(overview.status).toBe(200);
    const { failed, counts } = (await overview.json()) as { failed: unknown[]; counts: { kind: string; status: string; count: number }[] };
    expect(failed).toEqual([]);
    expect(counts.find((c) => c.kind === 'webhook.deliver' && c.status === 'done')?.count).toBeGreaterThanOrEqual(booked.length);
  });
});
