// A slot's capacity set by a manager over the catalogue's, inside the caller's transaction, after the
// caller took the slot's lock (so a hold running at the same moment waits, then reads the new capacity).
import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { capacityOverrides } from '@/server/db/schema';

/** The manager's capacity of a slot, or undefined when it has the catalogue's. */
export async function capacityOverride(tx: Database, optionId: string, start: Date): Promise<number | undefined> {
  const [row] = await tx.select({ capacity: capacityOverrides.capacity }).from(capacityOverrides).where(and(eq(capacityOverrides.optionId, optionId), eq(capacityOverrides.slotStart, start)));
  return row?.capacity;
}

/** Sets a slot's capacity; `null` gives it back the catalogue's (the row goes, so a later change of the file applies). */
export async function writeCapacity(tx: Database, optionId: string, start: Date, capacity: number | null, setBy: string, at: Date): Promise<void> {
  if (capacity === null) {
    await tx.delete(capacityOverrides).where(and(eq(capacityOverrides.optionId, optionId), eq(capacityOverrides.slotStart, start)));
    return;
  }
  await tx
    .insert(capacityOverrides)
    .values({ optionId, slotStart: start, capacity, setBy, setAt: at })
    .onConflictDoUpdate({ target: [capacityOverrides.optionId, capacityOverrides.slotStart], set: { capacity, setBy, setAt: at } });
}
