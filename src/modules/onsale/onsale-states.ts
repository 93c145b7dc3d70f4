// The states of an on-sale (decision 0056, 0032): SCHEDULED while its pre-queue gathers; OPEN from its opening
// (the pre-queue put in random order once, in the transaction that opens it); ENDED when a manager ends it or an
// automatic queue's time runs out; CANCELLED when a manager cancels it before it opened. Every status write of
// `onsales` passes through `onsaleStates.transition` and is conditional on the status it leaves.
import type { onsales } from '@/server/db/schema';
import { stateMachine } from '@/universal/transition-table';

export type OnsaleStatus = (typeof onsales.$inferSelect)['status'];

export const onsaleStates = stateMachine<OnsaleStatus>('on-sale', {
  SCHEDULED: ['OPEN', 'CANCELLED'],
  OPEN: ['ENDED'],
  ENDED: [],
  CANCELLED: [],
});

/** The on-sales whose queue applies now or soon. */
export const LIVE_ONSALE_STATUSES = ['SCHEDULED', 'OPEN'] as const satisfies readonly OnsaleStatus[];
