// The staff calendar's collaborators: the database, this server's supplier (for slots as visitors see
// them) and the local supplier's own slot lock and count of places (decision 0020).
import { lockSlot, placesTaken } from '@/adapters/supplier/local/places';
import type { CalendarDeps } from '@/modules/calendar/deps';
import { getDb } from '@/server/db/client';
import { getSupplier } from './supplier';

export async function getCalendarDeps(): Promise<CalendarDeps> {
  return { db: await getDb(), supplier: await getSupplier(), ledger: { lockSlot, placesTaken } };
}
