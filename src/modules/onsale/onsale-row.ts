// An on-sale as its table holds it: a file of its own, so that the reads, the scheduling and the queue's tick
// can all name it without importing each other.
import type { onsales } from '@/server/db/schema';

export type OnsaleRow = typeof onsales.$inferSelect;
