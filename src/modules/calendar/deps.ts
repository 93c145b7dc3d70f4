// The staff calendar's collaborators (decision 0020). The slot lock and the count of places are the
// inventory module's (src/modules/inventory), so a capacity change and a hold serialise on the same lock
// and count the same places. With an external supplier (OCTO_BASE_URL) the calendar is that supplier's:
// `ownInventory` is false and every calendar call says so (decision 0029).
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';

export type CalendarDeps = { db: Database; supplier: SupplierPort; ownInventory: boolean; now?: () => Date };
