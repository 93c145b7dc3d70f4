// The `wallet.push` job: send one push, like an OCTO webhook delivery (leased by the runner, so two
// processes never send one at once; retried with back-off; kept as failed after the last attempt). A push
// to a wallet that is not configured has nothing to do and is done.
import { eq } from 'drizzle-orm';
import type { ApplePushService, GoogleWalletObjects } from '@/ports/wallet-push';
import type { Database } from '@/server/db/client';
import { applePassRegistrations } from '@/server/db/schema';
import type { JobPayload } from '../jobs/job-kinds';
import { JobGaveUp } from '../jobs/run-due-jobs';
import { serverNow } from '@/server/clock';
import { googleObjectId } from './google-wallet';
import { googleMemberObjectFields, googleMemberObjectId, memberOfCard, walletMemberCard } from './member-wallet-card';

export type WalletPushDeps = {
  db: Database;
  apple?: ApplePushService;
  /** The issuer (for the object ids) and the API. */
  google?: { issuerId: string; objects: GoogleWalletObjects };
};

type Push = JobPayload<'wallet.push'>;

/** A wallet's API that cannot be reached is tried again later. */
async function reach<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(`could not be reached: ${(error as Error).message}`);
  }
}

async function sendApple(db: Database, apple: ApplePushService, push: Push): Promise<void> {
  const { status, reason } = await reach(() => apple.push(push.target, push.topic ?? ''));
  if (status === 200) return;
  // The device no longer has the pass (or the app): forget its registrations; nothing to retry.
  if (status === 410 || (status === 400 && reason === 'BadDeviceToken')) {
    await db.delete(applePassRegistrations).where(eq(applePassRegistrations.pushToken, push.target));
    return;
  }
  const problem = `APNs answered ${status}${reason ? ` ${reason}` : ''}`;
  // A request APNs refuses (a bad topic, a revoked certificate) is refused again.
  throw status === 400 || status === 403 ? new JobGaveUp(problem) : new Error(problem);
}

/** A membership card's loyalty object rewritten from the member's state now (decision 0043). */
async function updateGoogleMemberCard(db: Database, google: NonNullable<WalletPushDeps['google']>, serial: string): Promise<void> {
  const card = await memberOfCard(db, serial);
  // The member deleted their account: nothing to update.
  if (!card) return;
  const shown = await walletMemberCard(db, card.userId, serverNow());
  if (!shown) return;
  const fields = googleMemberObjectFields(shown.card, shown.labels);
  const { status } = await reach(() => google.objects.updateLoyalty(googleMemberObjectId(google.issuerId, serial), fields));
  // 404: the member never saved the card to Google Wallet.
  if ((status >= 200 && status < 300) || status === 404) return;
  throw new Error(`Google Wallet answered ${status}`);
}

async function sendGoogle(google: NonNullable<WalletPushDeps['google']>, push: Push): Promise<void> {
  const { status } = await reach(() => google.objects.deactivate(googleObjectId(google.issuerId, push.target)));
  // 404: the member never saved the ticket to Google Wallet; nothing to void.
  if ((status >= 200 && status < 300) || status === 404) return;
  throw new Error(`Google Wallet answered ${status}`);
}

export async function pushToWallet(deps: WalletPushDeps, push: Push): Promise<void> {
  if (push.wallet === 'apple' && deps.apple) await sendApple(deps.db, deps.apple, push);
  else if (push.wallet === 'google' && deps.google && push.pass === 'member-card') await updateGoogleMemberCard(deps.db, deps.google, push.target);
  else if (push.wallet === 'google' && deps.google) await sendGoogle(deps.google, push);
}
