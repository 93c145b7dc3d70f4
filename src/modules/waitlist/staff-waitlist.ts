// The staff's view of a day's waitlists: per slot, who waits (in line) and who has places offered.
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { memberships, users, waitlistEntries } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { isLocalDate } from '@/universal/local-date';
import { entryStatus } from './waitlist-states';
import { serverNow } from '@/server/clock';

export type StaffWaitlistEntry = {
  position: number;
  email: string;
  name: string;
  places: number;
  status: 'WAITING' | 'OFFERED';
  joinedAt: string;
  offerExpiresAt: string | null;
};

export type StaffWaitlistSlot = { productId: string; optionId: string; availabilityId: string; entries: StaffWaitlistEntry[] };

export async function waitlistOfDay(db: Database, date: string, now = serverNow()): Promise<StaffWaitlistSlot[]> {
  if (!isLocalDate(date)) throw new AppError('VALIDATION', 'dateFormat');
  const rows = await db
    .select({ entry: waitlistEntries, email: users.email, firstName: memberships.firstName, lastName: memberships.lastName })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .leftJoin(memberships, eq(memberships.userId, waitlistEntries.userId))
    // A slot's id starts with its New York date (2026-12-24T10:00:00-05:00).
    .where(and(like(waitlistEntries.availabilityId, `${date}T%`), inArray(waitlistEntries.status, ['WAITING', 'OFFERED'])))
    .orderBy(asc(waitlistEntries.availabilityId), asc(waitlistEntries.line));
  const slots = new Map<string, StaffWaitlistSlot>();
  for (const { entry, email, firstName, lastName } of rows) {
    // An offer whose time ran out holds no places any more, though its payment may not have closed yet.
    if (entryStatus(entry, now) === 'EXPIRED') continue;
    const key = `${entry.optionId}|${entry.availabilityId}`;
    let slot = slots.get(key);
    if (!slot) slots.set(key, (slot = { productId: entry.productId, optionId: entry.optionId, availabilityId: entry.availabilityId, entries: [] }));
    slot.entries.push({
      position: slot.entries.length + 1,
      email,
      name: [firstName, lastName].filter(Boolean).join(' '),
      places: entry.places,
      status: entry.status as 'WAITING' | 'OFFERED',
      joinedAt: entry.createdAt.toISOString(),
      offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
    });
  }
  return [...slots.values()];
}
