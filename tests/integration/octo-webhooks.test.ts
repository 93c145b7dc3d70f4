// OCTO webhooks (octo/webhooks): resellers register a URL and receive signed notifications of their
// bookings and of availability, retried with back-off while the receiver fails, and never sent twice,
// even after a restart. In process with a clock, then end to end on the test sites.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLocalSupplier } from '@/adapters/supplier/local/local-supplier';
import { retryDelayMs } from '@/modules/jobs/job-kinds';
import type { JobHandlers } from '@/modules/jobs/run-due-jobs';
import { deliverWebhook, webhookSignature } from '@/modules/resellers/deliver-webhooks';
import { registerWebhook } from '@/modules/resellers/octo-webhooks';
import { openDatabase, type Database, type OpenedDatabase } from '@/server/db/client';
import { jobs } from '@/server/db/schema';
import { parseNetworks } from '@/server/egress/internal-addresses';
import { webhookNotifier } from '@/wiring/supplier';
import { runJobs } from '../support/jobs';
import { startWebhookReceiver, type Received } from '../support/webhook-receiver';
import { OCTO_KEY, OTHER_OCTO_KEY } from './sites';
import { adults, firstSlot, openDay } from './supplier-scenarios';
import { serverNow } from '@/server/clock';

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const webhookBackoffMs = (attempts: number) => retryDelayMs('webhook.deliver', attempts);
/** The receivers of these tests listen on loopback: allowed here as an operator allows a partner network. */
const loopbackAllowed = { allowed: parseNetworks('127.0.0.0/8') };
const deliveries = (db: Database): JobHandlers => ({ 'webhook.deliver': (delivery, job) => deliverWebhook(db, delivery, job, loopbackAllowed) });
/** Delivers what is due at `now`: how many were delivered, and how many failed (to be retried). */
async function deliverPendingWebhooks(db: Database, { now }: { now: Date }) {
  const run = await runJobs(db, deliveries(db), now, crypto.randomUUID());
  return { delivered: run.done, failed: run.retried + run.failed };
}

function expectSigned(request: Received, secret: string) {
  expect(request.headers['content-type']).toBe('application/json');
  expect(request.headers['skypass-signature']).toBe(webhookSignature(secret, request.body));
}

describe('webhook deliveries in process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skypass-webhooks-'));
  let opened: OpenedDatabase;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    [opened, receiver] = await Promise.all([openDatabase({ dataDir }), startWebhookReceiver([500, 503])]);
  });
  afterAll(async () => {
    await Promise.all([opened?.close(), receiver?.close()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs each delivery, retries with back-off while the receiver fails, and sends nothing twice after a restart', async () => {
    const { db } = opened;
    const { secret } = await registerWebhook(db, 'partner', { url: receiver.url, event: 'booking_update' }, loopbackAllowed);
    const supplier = createLocalSupplier(db, { resellerId: 'partner', onChange: webhookNotifier });
    const day = await openDay(supplier, 'main-deck', 'main-deck-day', 25);
    const held = await supplier.createBooking({
      productId: 'main-deck',
      optionId: 'main-deck-day',
      availabilityId: await firstSlot(supplier, 'main-deck', 'main-deck-day', day),
      unitItems: adults(1),
    });

    const t0 = later(serverNow(), 1_000);
    expect(await deliverPendingWebhooks(db, { now: t0 })).toEqual({ delivered: 0, failed: 1 });
    const t1 = later(t0, webhookBackoffMs(1));
    expect(await deliverPendingWebhooks(db, { now: later(t1, -1) })).toEqual({ delivered: 0, failed: 0 });
    expect(await deliverPendingWebhooks(db, { now: t1 })).toEqual({ delivered: 0, failed: 1 });
    const t2 = later(t1, webhookBackoffMs(2));
    expect(webhookBackoffMs(2)).toBe(2 * webhookBackoffMs(1));
    expect(await deliverPendingWebhooks(db, { now: later(t2, -1) })).toEqual({ delivered: 0, failed: 0 });
    expect(await deliverPendingWebhooks(db, { now: t2 })).toEqual({ delivered: 1, failed: 0 });

    expect(receiver.received).toHaveLength(3);
    const [first] = receiver.received;
    expect(first!.json).toMatchObject({ event: 'booking_update', booking: { uuid: held.uuid, status: 'ON_HOLD' } });
    for (const request of receiver.received) {
      expectSigned(request, secret);
      expect(request.body).toBe(first!.body);
      expect(request.headers['skypass-delivery']).toBe(first!.headers['skypass-delivery']);
    }
    const [log] = await db.select().from(jobs).where(eq(jobs.id, String(first!.headers['skypass-delivery'])));
    expect(log).toMatchObject({ kind: 'webhook.deliver', status: 'done', attempts: 3, lastError: null });

    // A restart: the same database, opened again, and a worker long after.
    await opened.close();
    opened = await openDatabase({ dataDir });
    expect(await deliverPendingWebhooks(opened.db, { now: later(t2, 2 * 3_600_000) })).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(3);
  });

  it('lets two workers at once send a delivery once', async () => {
    const { db } = opened;
    const supplier = createLocalSupplier(db, { resellerId: 'partner', onChange: webhookNotifier });
    const day = await openDay(supplier, 'main-deck', 'main-deck-day', 26);
    await supplier.createBooking({
      productId: 'main-deck',
      optionId: 'main-deck-day',
      availabilityId: await firstSlot(supplier, 'main-deck', 'main-deck-day', day),
      unitItems: adults(1),
    });
    const before = receiver.received.length;
    const now = later(serverNow(), 1_000);
    const runs = await Promise.all([deliverPendingWebhooks(db, { now }), deliverPendingWebhooks(db, { now })]);
    expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(1);
    expect(receiver.received.length).toBe(before + 1);
  });
});

describe.each(inject('backends'))('webhooks of /octo on $name', ({ url }) => {
  const octo = async (route: string, init: { method?: string; body?: unknown; key?: string; capabilities?: string } = {}) => {
    const res = await fetch(`${url}/octo${route}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${init.key ?? OCTO_KEY}`,
        'content-type': 'application/json',
        'octo-capabilities': init.capabilities ?? 'octo/webhooks',
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const registered: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    // Leave no webhook behind for the files that run after this one.
    for (const id of registered) await octo(`/webhooks/${id}`, { method: 'DELETE' });
    await receiver?.close();
  });

  it('sends a reseller signed notifications of its bookings and of availability', async () => {
    const bookingHook = await octo('/webhooks', { method: 'POST', body: { url: receiver.url, event: 'booking_update' } });
    const availabilityHook = await octo('/webhooks', { method: 'POST', body: { url: receiver.url, event: 'availability_update' } });
    expect(bookingHook).toMatchObject({ status: 200, body: { event: 'booking_update', url: receiver.url, id: expect.stringMatching(/^wh_/), secret: expect.any(String) } });
    registered.push(bookingHook.body.id, availabilityHook.body.id);
    const listed = await octo('/webhooks');
    expect(listed.body).toEqual([
      { id: bookingHook.body.id, event: 'booking_update', url: receiver.url },
      { id: availabilityHook.body.id, event: 'availability_update', url: receiver.url },
    ]);

    const calendar = await octo('/availability/calendar', {
      method: 'POST',
      body: { productId: 'main-deck', optionId: 'main-deck-day', localDateStart: new Date(serverNow().getTime() + 40 * 86_400_000).toISOString().slice(0, 10), localDateEnd: new Date(serverNow().getTime() + 50 * 86_400_000).toISOString().slice(0, 10) },
    });
    const day = (calendar.body as unknown as { localDate: string; status: string }[]).find((d) => d.status === 'AVAILABLE')!.localDate;
    const [slot] = (await octo('/availability', { method: 'POST', body: { productId: 'main-deck', optionId: 'main-deck-day', localDate: day } })).body as unknown as { id: string; vacancies: number }[];
    const held = (await octo('/bookings', { method: 'POST', body: { productId: 'main-deck', optionId: 'main-deck-day', availabilityId: slot!.id, unitItems: adults(2) } })).body;
    await octo(`/bookings/${held.uuid}/confirm`, { method: 'POST', body: { contact: { fullName: 'John Doe' }, resellerReference: 'HOOK-1' } });

    const confirmed = await vi.waitFor(
      () => {
        const found = receiver.received.find((r) => r.json.event === 'booking_update' && (r.json.booking as { status: string }).status === 'CONFIRMED');
        if (!found) throw new Error('no booking_update for the confirmation yet');
        return found;
      },
      { timeout: 15_000, interval: 200 },
    );
    expectSigned(confirmed, bookingHook.body.secret);
    expect(confirmed.json).toMatchObject({ webhookId: bookingHook.body.id, booking: { uuid: held.uuid, resellerReference: 'HOOK-1' } });

    const availability = await vi.waitFor(
      () => {
        const found = receiver.received.find((r) => r.json.event === 'availability_update' && (r.json.availability as { id: string }).id === slot!.id);
        if (!found) throw new Error('no availability_update for the slot yet');
        return found;
      },
      { timeout: 15_000, interval: 200 },
    );
    expectSigned(availability, availabilityHook.body.secret);
    expect(availability.json).toMatchObject({ productId: 'main-deck', optionId: 'main-deck-day', availability: { vacancies: slot!.vacancies - 2 } });
  });

  it('refuses bad registrations and unknown or foreign webhooks by OCTO name', async () => {
    expect(await octo('/webhooks', { method: 'POST', body: { url: 'not a url', event: 'booking_update' } })).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(await octo('/webhooks', { method: 'POST', body: { url: receiver.url, event: 'everything' } })).toMatchObject({ status: 400, body: { error: 'BAD_REQUEST' } });
    expect(await octo('/webhooks', { method: 'POST', body: { url: receiver.url, event: 'booking_update' }, capabilities: 'octo/pricing' })).toMatchObject({
      status: 400,
      body: { error: 'BAD_REQUEST' },
    });
    expect(await octo('/webhooks/wh_nope', { method: 'DELETE' })).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
    const mine = await octo('/webhooks', { method: 'POST', body: { url: receiver.url, event: 'booking_update' } });
    expect(await octo(`/webhooks/${mine.body.id}`, { method: 'DELETE', key: OTHER_OCTO_KEY })).toMatchObject({ status: 404, body: { error: 'NOT_FOUND' } });
    expect(await octo(`/webhooks/${mine.body.id}`, { method: 'DELETE' })).toMatchObject({ status: 200, body: { id: mine.body.id } });
    expect((await octo('/webhooks')).body).not.toContainEqual(expect.objectContaining({ id: mine.body.id }));
  });
});
