// The staff calendar's collaborators (decision 0020). The slot lock and the count of places are the
// local supplier's own (handed in by the composition root), so a capacity change and a hold serialise
// on the same lock and count the same places.
import type { SupplierPort } from '@/ports/supplier';
import type { Database } from '@/server/db/client';

export type SlotLedger = {
  /** One writer per slot until the transaction ends. */
  lockSlot(tx: Database, optionId: string, start: Date): Promise<void>;
  /** Places sold or held per slot start (epoch ms) between two slot starts. */
  placesTaken(tx: Database, optionId: string, from: Date, to: Date, at: Date): Promise<Map<number, number>>;
};

export type CalendarDeps = { db: Database; supplier: SupplierPort; ledger: SlotLedger; now?: () => Date };
