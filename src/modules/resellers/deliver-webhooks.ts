// The webhook worker's step: send the deliveries that are due. Each row is leased before it is sent, so
// two workers (or a restarted one) never send the same row at once, and a delivered row is never sent
// again. A receiver that fails or cannot be reached is retried with exponential back-off; after
// MAX_ATTEMPTS the delivery is marked failed and kept in the log.
import crypto from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { octoWebhookDeliveries, octoWebhooks } from '@/server/db/schema';

/** While a worker holds a row: longer than a delivery's timeout. */
const LEASE_MS = 60_000;
const TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 12;

export const SIGNATURE_HEADER = 'Skypass-Signature';

/** Wait before the next attempt, after `attempts` failed ones: 5 s, 10 s, 20 s, … up to an hour. */
export function webhookBackoffMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LAST_RETRY_MS);
}

/** "sha256=" and the hex HMAC-SHA256 of the exact body, keyed with the webhook's secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export type DeliveryRun = { delivered: number; failed: number };
export type DeliveryOptions = { now?: Date; batch?: number; fetch?: typeof fetch };

export async function deliverPendingWebhooks(db: Database, { now = new Date(), batch = 20, fetch: send = fetch }: DeliveryOptions = {}): Promise<DeliveryRun> {
  const due = db
    .select({ id: octoWebhookDeliveries.id })
    .from(octoWebhookDeliveries)
    .where(and(eq(octoWebhookDeliveries.status, 'pending'), lte(octoWebhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(octoWebhookDeliveries.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(octoWebhookDeliveries)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${octoWebhookDeliveries.attempts} + 1` })
    .where(and(inArray(octoWebhookDeliveries.id, due), eq(octoWebhookDeliveries.status, 'pending'), lte(octoWebhookDeliveries.nextAttemptAt, now)))
    .returning();

  const run: DeliveryRun = { delivered: 0, failed: 0 };
  for (const row of leased) {
    const [hook] = await db.select().from(octoWebhooks).where(eq(octoWebhooks.id, row.webhookId));
    let status: number | null = null;
    let problem: string | null = null;
    if (hook) {
      try {
        const response = await send(hook.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'Skypass-Webhooks/1',
            [SIGNATURE_HEADER]: webhookSignature(hook.secret, row.body),
            'Skypass-Delivery': row.id,
            'Skypass-Event': row.event,
          },
          body: row.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
        if (!response.ok) problem = `the receiver answered ${response.status}`;
      } catch (error) {
        problem = `the receiver could not be reached: ${(error as Error).message}`.slice(0, 500);
      }
    } else {
      problem = 'the webhook was deleted';
    }
    if (!problem) {
      await db
        .update(octoWebhookDeliveries)
        .set({ status: 'delivered', deliveredAt: new Date(), lastStatus: status, lastError: null })
        .where(eq(octoWebhookDeliveries.id, row.id));
      run.delivered++;
      continue;
    }
    const gaveUp = row.attempts >= MAX_ATTEMPTS || !hook;
    await db
      .update(octoWebhookDeliveries)
      .set({
        status: gaveUp ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + webhookBackoffMs(row.attempts)),
        lastStatus: status,
        lastError: problem,
      })
      .where(eq(octoWebhookDeliveries.id, row.id));
    run.failed++;
  }
  return run;
}
