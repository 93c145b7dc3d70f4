// The states of an annual pass (decision 0051). Every status write passes through `passStates.transition`
// and is conditional on the status it moves from.
// - PENDING_PAYMENT: recorded with its purchase's payment; gives nothing yet.
// - UNCLAIMED: a paid gift, waiting for its recipient to claim it into their account (its year starts then).
// - ACTIVE: held by a member, from `starts_on` to `ends_on`; time alone writes nothing (a pass past its end
//   reads EXPIRED, universal/annual-pass-rules.ts), and a renewal moves `ends_on` without a change of state.
// A pass whose payment closed unpaid or came short stays PENDING_PAYMENT: nothing was given.
import type { StoredPassStatus } from '@/universal/annual-pass-rules';
import { stateMachine } from '@/universal/transition-table';

export const passStates = stateMachine<StoredPassStatus>('annual pass', {
  PENDING_PAYMENT: ['ACTIVE', 'UNCLAIMED'],
  UNCLAIMED: ['ACTIVE'],
  ACTIVE: [],
});
