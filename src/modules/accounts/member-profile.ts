import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { memberships, users } from '@/server/db/schema';

export type MemberProfile = {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  country: string;
  postalCode: string | null;
  marketingOptIn: boolean;
  locale: string;
  joinedAt: string;
};

export async function getMemberProfile(db: Database, userId: string): Promise<MemberProfile | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      firstName: memberships.firstName,
      lastName: memberships.lastName,
      phoneNumber: memberships.phoneNumber,
      country: memberships.country,
      postalCode: memberships.postalCode,
      marketingOptIn: memberships.marketingOptIn,
      locale: memberships.locale,
      joinedAt: memberships.joinedAt,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row, joinedAt: row.joinedAt.toISOString() } : undefined;
}
