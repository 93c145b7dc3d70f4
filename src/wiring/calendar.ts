// The staff calendar's collaborators: the database, this server's supplier (for slots as visitors see
// them), and whether the inventory is ours to plan (decision 0029).
import type { CalendarDeps } from '@/modules/calendar/deps';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';
import { getSupplier, ownsInventory } from './supplier';

export async function getCalendarDeps(): Promise<CalendarDeps> {
  return { db: await getDb(), supplier: await getSupplier(), ownInventory: ownsInventory(), now: serverNow };
}
