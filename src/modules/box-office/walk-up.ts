// The walk-up visitor of the box office (decision 0053): every order sold at the counter belongs to this one
// user, who is no member (no points, no perks beyond the first tier's, no page of bookings). Its address is on
// the reserved .invalid domain, so no e-mail is ever queued for it; the tickets go to the address the visitor
// gives at the counter, if any.
import type { Database } from '@/server/db/client';
import { users } from '@/server/db/schema';

export const WALK_UP = { userId: 'box-office-walk-up', email: 'walk-up@box-office.invalid' } as const;

/** The walk-up visitor's user row, made the first time a sale needs it. */
export async function walkUpVisitor(db: Database): Promise<{ userId: string; email: string }> {
  await db.insert(users).values({ id: WALK_UP.userId, email: WALK_UP.email, name: 'Box office' }).onConflictDoNothing();
  return { userId: WALK_UP.userId, email: WALK_UP.email };
}
