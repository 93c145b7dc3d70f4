// The wallet worker's step: send the queued pushes that are due, like the OCTO webhooks' deliveries
// (leased before they are sent, so two workers never send one row at once; retried with back-off; kept
// as failed after MAX_ATTEMPTS). A wallet that is not configured skips its rows.
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { ApplePushService, GoogleWalletObjects } from '@/ports/wallet-push';
import type { Database } from '@/server/db/client';
import { applePassRegistrations, walletPushes } from '@/server/db/schema';
import { webhookBackoffMs } from '../resellers/deliver-webhooks';
import { googleObjectId } from './google-wallet';

const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 12;

export type WalletPushDeps = {
  db: Database;
  apple?: ApplePushService;
  /** The issuer (for the object ids) and the API. */
  google?: { issuerId: string; objects: GoogleWalletObjects };
  now?: Date;
  batch?: number;
};

export type PushRun = { delivered: number; failed: number; skipped: number };

type Outcome = { done: boolean; status: number | null; problem?: string; final?: boolean };

async function sendApple(deps: WalletPushDeps, apple: ApplePushService, row: typeof walletPushes.$inferSelect): Promise<Outcome> {
  const { status, reason } = await apple.push(row.target, row.topic ?? '');
  if (status === 200) return { done: true, status };
  // The device no longer has the pass (or the app): forget its registrations; nothing to retry.
  if (status === 410 || (status === 400 && reason === 'BadDeviceToken')) {
    await deps.db.delete(applePassRegistrations).where(eq(applePassRegistrations.pushToken, row.target));
    return { done: true, status, problem: `APNs: ${reason ?? status}` };
  }
  return { done: false, status, problem: `APNs answered ${status}${reason ? ` ${reason}` : ''}`, final: status === 400 || status === 403 };
}

async function sendGoogle(google: NonNullable<WalletPushDeps['google']>, row: typeof walletPushes.$inferSelect): Promise<Outcome> {
  const { status } = await google.objects.deactivate(googleObjectId(google.issuerId, row.target));
  // 404: the member never saved the ticket to Google Wallet; nothing to void.
  if ((status >= 200 && status < 300) || status === 404) return { done: true, status };
  return { done: false, status, problem: `Google Wallet answered ${status}` };
}

export async function deliverWalletPushes(deps: WalletPushDeps): Promise<PushRun> {
  const { db, now = new Date(), batch = 20 } = deps;
  const run: PushRun = { delivered: 0, failed: 0, skipped: 0 };
  const unconfigured = [!deps.apple && 'apple', !deps.google && 'google'].filter(Boolean) as ('apple' | 'google')[];
  if (unconfigured.length) {
    const skipped = await db
      .update(walletPushes)
      .set({ status: 'skipped' })
      .where(and(eq(walletPushes.status, 'pending'), inArray(walletPushes.wallet, unconfigured)))
      .returning({ id: walletPushes.id });
    run.skipped = skipped.length;
  }
  const due = db
    .select({ id: walletPushes.id })
    .from(walletPushes)
    .where(and(eq(walletPushes.status, 'pending'), lte(walletPushes.nextAttemptAt, now)))
    .orderBy(asc(walletPushes.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const leased = await db
    .update(walletPushes)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS), attempts: sql`${walletPushes.attempts} + 1` })
    .where(and(inArray(walletPushes.id, due), eq(walletPushes.status, 'pending'), lte(walletPushes.nextAttemptAt, now)))
    .returning();

  for (const row of leased) {
    let outcome: Outcome;
    try {
      if (row.wallet === 'apple' && deps.apple) outcome = await sendApple(deps, deps.apple, row);
      else if (row.wallet === 'google' && deps.google) outcome = await sendGoogle(deps.google, row);
      else outcome = { done: false, status: null, problem: 'the wallet is not configured', final: true };
    } catch (error) {
      outcome = { done: false, status: null, problem: `could not be reached: ${(error as Error).message}`.slice(0, 500) };
    }
    if (outcome.done) {
      await db
        .update(walletPushes)
        .set({ status: 'delivered', deliveredAt: new Date(), lastStatus: outcome.status, lastError: outcome.problem ?? null })
        .where(eq(walletPushes.id, row.id));
      run.delivered++;
      continue;
    }
    const gaveUp = outcome.final || row.attempts >= MAX_ATTEMPTS;
    await db
      .update(walletPushes)
      .set({
        status: gaveUp ? 'failed' : 'pending',
        nextAttemptAt: new Date(now.getTime() + webhookBackoffMs(row.attempts)),
        lastStatus: outcome.status,
        lastError: outcome.problem ?? null,
      })
      .where(eq(walletPushes.id, row.id));
    run.failed++;
  }
  return run;
}
