// The `webhook.deliver` job: send one delivery to its webhook, signed. The runner leases the job, so two
// processes never send it at once, and a delivered job is never sent again; a receiver that fails or
// cannot be reached is retried with back-off, and after the kind's last attempt the job is kept as failed.
// The URL is checked again at each delivery, on the address connected to (server/egress); one that now
// points inside, or answers with a redirect (never followed), fails the job at once.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { octoWebhooks } from '@/server/db/schema';
import { RefusedDestination, type EgressPolicy } from '@/server/egress/partner-destination';
import { postToPartner, type PartnerResponse } from '@/server/egress/post-to-partner';
import type { JobPayload } from '../jobs/job-kinds';
import { JobGaveUp, type JobContext } from '../jobs/run-due-jobs';

/** Short: a slow receiver fails its own delivery (retried later) rather than hold up the others. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

export const SIGNATURE_HEADER = 'Skypass-Signature';

/** "sha256=" and the hex HMAC-SHA256 of the exact body, keyed with the webhook's secret. */
export function webhookSignature(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function deliverWebhook(db: Database, delivery: JobPayload<'webhook.deliver'>, job: JobContext, egress: EgressPolicy): Promise<void> {
  const [hook] = await db.select().from(octoWebhooks).where(eq(octoWebhooks.id, delivery.webhookId));
  if (!hook) throw new JobGaveUp('the webhook was deleted');
  let response: PartnerResponse;
  try {
    response = await postToPartner(hook.url, {
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Skypass-Webhooks/1',
        [SIGNATURE_HEADER]: webhookSignature(hook.secret, delivery.body),
        // The job's id: the same on every attempt, so a receiver can tell a repeat.
        'Skypass-Delivery': job.id,
        'Skypass-Event': delivery.event,
      },
      body: delivery.body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      policy: egress,
    });
  } catch (error) {
    if (error instanceof RefusedDestination) throw new JobGaveUp(`the webhook's URL is refused: ${error.message}`);
    throw new Error(`the receiver could not be reached: ${(error as Error).message}`);
  }
  if (response.status >= 300 && response.status < 400) throw new JobGaveUp(`the receiver answered a redirect (${response.status}), which is not followed`);
  if (response.status < 200 || response.status >= 300) throw new Error(`the receiver answered ${response.status}`);
}
