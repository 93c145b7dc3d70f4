// Who hears of an inventory write: called inside the write's transaction with its handle, so that what it
// records (resellers' webhook jobs) commits with the write or not at all; its failure undoes the write.
import type { Database } from '@/server/db/client';
import type { BookingRow } from './booking-row';

/** A changed slot, as webhooks name it. */
export type ChangedSlot = { productId: string; optionId: string; availabilityId: string };

export const slotOf = (row: BookingRow): ChangedSlot => ({ productId: row.productId, optionId: row.optionId, availabilityId: row.availabilityId });

export type WriteListener = (tx: Database, row: BookingRow, slots: ChangedSlot[]) => Promise<void>;
