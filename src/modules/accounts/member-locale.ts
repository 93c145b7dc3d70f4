import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '@/config/locales';
import type { Database } from '@/server/db/client';
import { memberships, users } from '@/server/db/schema';

/** The language a member joined in, used when a request does not say. */
export async function memberLocale(db: Database, email: string): Promise<Locale | undefined> {
  const [row] = await db
    .select({ locale: memberships.locale })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  return isLocale(row?.locale) ? row.locale : undefined;
}
