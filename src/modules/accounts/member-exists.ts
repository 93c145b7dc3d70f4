import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { memberships, users } from '@/server/db/schema';

/** Whether someone has joined with this (already normalised) e-mail address. */
export async function memberExists(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/** Whether this user joined the program (a membership), as staff who only sign in never do. */
export async function hasMembership(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, userId)).limit(1);
  return row !== undefined;
}
