// A crash between a booking's commit and its webhook notification: resellers book through /octo while
// their receiver is down, the site is killed (kill -9 of its process group), and the notifications are
// found committed with the bookings; after a restart on the same data every booking's notification
// arrives, and the operator's list of jobs shows none failed. The notification is a job enqueued in the
// booking's own transaction (src/wiring/supplier.ts), so no window exists in which a crash loses it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createOctoClient } from '@/adapters/supplier/octo/octo-client';
import { openDatabase } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
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
    const booked = await Promise.all(
      Array.from({ length: BOOKINGS }, () => octo.createBooking({ productId: 'main-deck', optionId: 'main-deck-day', availabilityId, unitItems: adults(1) })),
    );
    // Killed as the last booking's answer arrives: its commit is the last thing the site did.
    await site.crash();

    // Each booking's notification committed with it, undelivered.
    const store = await openDatabase({ databaseUrl: database?.url, dataDir });
    try {
      const queued = await store.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'));
      for (const booking of booked) {
        const own = queued.filter((job) => (job.payload as { body: string }).body.includes(booking.uuid));
        expect(own.length).toBeGreaterThanOrEqual(1);
        expect(own.every((job) => job.status !== 'done')).toBe(true);
      }
    } finally {
      await store.close();
    }

    // The receiver is back; the site restarts on the same data and port.
    receiver.answers.length = 0;
    const before = receiver.received.length;
    site = await startSite(env, { port: site.port, detached: true });
    await vi.waitFor(
      () => {
        const arrived = new Set(receiver!.received.slice(before).map((r) => (r.json.booking as { uuid: string }).uuid));
        const missing = booked.filter((b) => !arrived.has(b.uuid));
        if (missing.length) throw new Error(`${missing.length} booking(s) without a notification since the restart`);
      },
      // On PostgreSQL a job the dead process held waits for its lease (30 s) to run out.
      { timeout: 120_000, interval: 500 },
    );

    const overview = await fetch(`${site.url}/api/ops/jobs`, { method: 'POST', headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' }, body: '{}' });
    expect(overview.status).toBe(200);
    const { failed, counts } = (await overview.json()) as { failed: unknown[]; counts: { kind: string; status: string; count: number }[] };
    expect(failed).toEqual([]);
    expect(counts.find((c) => c.kind === 'webhook.deliver' && c.status === 'done')?.count).toBeGreaterThanOrEqual(BOOKINGS);
  });
});
