// The states of a box-office till shift (decision 0053): OPEN from the counted float until the staff member
// counts the cash out; CLOSED after, for good.
import { stateMachine } from '@/universal/transition-table';

export type TillShiftStatus = 'OPEN' | 'CLOSED';

export const tillShiftStates = stateMachine<TillShiftStatus>('till shift', {
  OPEN: ['CLOSED'],
  CLOSED: [],
});
