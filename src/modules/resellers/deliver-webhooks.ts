// The `webhook.deliver` job: send one delivery to its webhook, signed. The runner leases the job, so two
// processes never send it at once, and a delivered job is never sent again; a receiver that fails or
// cannot be reached is retried with back-off, and after the kind's last attempt the job is kept as failed.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { octoWebhooks } from '@/server/db/schema';
import type { JobPayload } from '../jobs/job-kinds';
import { JobGaveUp, type JobContext } from '../jobs/run-due-jobs';

const TIMEOUT_MS = 10_000;

export const SIGNATURE_HEADER = 'Skypass-Signature';

/** "sha256=" and the hex HMAC-SHA256 of the exact body, keyed with the webhook's secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function deliverWebhook(db: Database, delivery: JobPayload<'webhook.deliver'>, job: JobContext, send: typeof fetch = fetch): Promise<void> {
  const [hook] = await db.select().from(octoWebhooks).where(eq(octoWebhooks.id, delivery.webhookId));
  if (!hook) throw new JobGaveUp('the webhook was deleted');
  let response: Response;
  try {
    response = await send(hook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Skypass-Webhooks/1',
        [SIGNATURE_HEADER]: webhookSignature(hook.secret, delivery.body),
        // The job's id: the same on every attempt, so a receiver can tell a repeat.
        'Skypass-Delivery': job.id,
        'Skypass-Event': delivery.event,
      },
      body: delivery.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`the receiver could not be reached: ${(error as Error).message}`);
  }
  await response.body?.cancel();
  if (!response.ok) throw new Error(`the receiver answered ${response.status}`);
}
