// At start-up on a database no other process uses (the embedded one, which one process opens): the
// completion leases found belong to a process that died mid-completion, so they are released and the
// payments' check jobs (due at start, job-kinds.ts) complete them at once instead of after the leases run out.
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { orders, payments } from '@/server/db/schema';

export async function releaseDeadCompletionLeases(db: Database): Promise<void> {
  await db.update(payments).set({ leaseUntil: null }).where(and(eq(payments.state, 'pending'), isNotNull(payments.leaseUntil)));
  // A change of a booking that was under way (the order's lease) is free for the next try.
  await db.update(orders).set({ completionLeaseUntil: null }).where(isNotNull(orders.completionLeaseUntil));
}
