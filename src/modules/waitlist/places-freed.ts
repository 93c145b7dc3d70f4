// Places freed (a cancellation, a change, a capacity raised, a day reopened, an offer left) give the
// slot's waitlist its chance: a `waitlist.offer` job, enqueued in the transaction that frees them. The
// recurring run of the same kind covers holds that simply run out.
import type { Database } from '@/server/db/client';
import { enqueue } from '../jobs/enqueue';

export async function enqueuePlacesFreed(tx: Database): Promise<void> {
  await enqueue(tx, 'waitlist.offer', {});
}
