import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { users } from '@/server/db/schema';

/** Whether someone has joined with this (already normalised) e-mail address. */
export async function memberExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}
