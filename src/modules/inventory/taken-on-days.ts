// Places taken on each slot of whole days, for availability reads: from the short-lived memory (perhaps
// a read another call began), else one query for the days missing, which later calls share until it has
// answered (taken-cache.ts).
import type { Database } from '@/server/db/client';
import { placesTaken } from './places-taken';
import type { Slot } from './schedule';
import { cachedTaken, rememberTaken } from './taken-cache';

export async function takenOnDays(db: Database, optionId: string, dates: string[], slots: Slot[], at: Date): Promise<Map<number, number>> {
  const days: Promise<Map<number, number>>[] = [];
  const missing = dates.filter((d) => {
    const cached = cachedTaken(db, optionId, d);
    if (cached) days.push(cached);
    return !cached;
  });
  const missingSlots = slots.filter((s) => missing.includes(s.localDate));
  if (missingSlots.length > 0) {
    const fresh = placesTaken(db, optionId, missingSlots[0]!.start, missingSlots[missingSlots.length - 1]!.start, at);
    for (const localDate of missing) {
      const day = fresh.then((counts) => {
        const taken = new Map<number, number>();
        for (const slot of missingSlots) {
          const count = slot.localDate === localDate ? counts.get(slot.start.getTime()) : undefined;
          if (count) taken.set(slot.start.getTime(), count);
        }
        return taken;
      });
      rememberTaken(db, optionId, localDate, day);
      days.push(day);
    }
  }
  const taken = new Map<number, number>();
  for (const day of await Promise.all(days)) day.forEach((count, start) => taken.set(start, count));
  return taken;
}
