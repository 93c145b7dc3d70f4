// Joining the program: the member (the sign-in identity) and their membership, in one transaction.
import { serverNow } from '@/server/clock';
import type { Locale } from '@/config/locales';
import type { Database } from '@/server/db/client';
import { memberships, users } from '@/server/db/schema';
import { startMemberTier } from '../program/recompute-tier';
import { claimGuestPass } from '../program/guest-passes';
import type { Contact } from './contact';

export type SignUpResult = { alreadyExists: boolean; email: string };

/** `guestPass`: the code of the guest pass link the new member came through (decision 0042): claimed with
 * the sign-up, when still free; the sign-up stands without it otherwise. */
export async function signUp(db: Database, input: { email: string; contact: Contact; locale: Locale; guestPass?: string }): Promise<SignUpResult> {
  const { email, contact, locale } = input;
  const created = await db.transaction(async (tx) => {
    // ON CONFLICT makes two simultaneous sign-ups for one address safe: one wins, one is told it exists.
    const [user] = await tx
      .insert(users)
      .values({ email, name: `${contact.firstName} ${contact.lastName}` })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!user) return false;
    await tx.insert(memberships).values({
      userId: user.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      phoneNumber: contact.phoneNumber,
      country: contact.country,
      postalCode: contact.postalCode ?? null,
      marketingOptIn: contact.marketingOptIn,
      locale,
    });
    await startMemberTier(tx, user.id, serverNow());
    if (input.guestPass) await claimGuestPass(tx, input.guestPass, user.id, serverNow());
    return true;
  });
  return { alreadyExists: !created, email };
}
