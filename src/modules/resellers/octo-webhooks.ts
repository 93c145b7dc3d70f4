// Resellers' OCTO webhooks (octo/webhooks): register a URL for an event, list them, delete one. Each
// webhook has its own signing key, shown once, when it is registered. A URL that points inside (the
// site's machine or networks) is refused here and again at each delivery (docs/decisions/0034).
import crypto from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { SupplierError } from '@/ports/supplier';
import type { Database } from '@/server/db/client';
import { octoWebhooks } from '@/server/db/schema';
import { RefusedDestination, resolveDestination, type EgressPolicy } from '@/server/egress/partner-destination';

export type WebhookEvent = (typeof octoWebhooks.$inferSelect)['event'];
export type WebhookView = { id: string; event: WebhookEvent; url: string };

/** At most this many webhooks per reseller: each event and a spare or two; every webhook is called on
 * every change it listens to, so more would multiply the site's outgoing calls. */
export const MAX_WEBHOOKS_PER_RESELLER = 5;

const view = (row: typeof octoWebhooks.$inferSelect): WebhookView => ({ id: row.id, event: row.event, url: row.url });

export async function registerWebhook(
  db: Database,
  resellerId: string,
  request: { url: string; event: WebhookEvent },
  egress: EgressPolicy,
): Promise<WebhookView & { secret: string }> {
  try {
    await resolveDestination(request.url, egress);
  } catch (error) {
    if (error instanceof RefusedDestination) throw new SupplierError('BAD_REQUEST', error.message, { url: request.url });
    throw error;
  }
  const existing = await db.select({ id: octoWebhooks.id }).from(octoWebhooks).where(eq(octoWebhooks.resellerId, resellerId));
  if (existing.length >= MAX_WEBHOOKS_PER_RESELLER) {
    throw new SupplierError('BAD_REQUEST', `A reseller may register ${MAX_WEBHOOKS_PER_RESELLER} webhooks at most; delete one first`);
  }
  const [row] = await db
    .insert(octoWebhooks)
    .values({
      id: `wh_${crypto.randomBytes(12).toString('hex')}`,
      resellerId,
      event: request.event,
      url: request.url,
      secret: `whsec_${crypto.randomBytes(24).toString('hex')}`,
    })
    .returning();
  return { ...view(row!), secret: row!.secret };
}

export async function listWebhooks(db: Database, resellerId: string): Promise<WebhookView[]> {
  const rows = await db.select().from(octoWebhooks).where(eq(octoWebhooks.resellerId, resellerId)).orderBy(asc(octoWebhooks.createdAt));
  return rows.map(view);
}

/** Deletes one of the reseller's webhooks (and its pending deliveries); another's reads as unknown. */
export async function deleteWebhook(db: Database, resellerId: string, id: string): Promise<WebhookView> {
  const [row] = await db.delete(octoWebhooks).where(and(eq(octoWebhooks.id, id), eq(octoWebhooks.resellerId, resellerId))).returning();
  if (!row) throw new SupplierError('NOT_FOUND', 'There is no webhook with this id', { id });
  return view(row);
}
