// GET /api/auth/program/guestPass: whether the signed-in member holds a guest pass they joined with and
// have not used yet (decision 0042): {open: boolean}. The ticket page offers it at checkout.
import { jsonRoute } from '@/http/route';
import { openGuestPassOf } from '@/modules/program/guest-passes';
import { getDb } from '@/server/db/client';

export default jsonRoute({
  method: 'GET',
  access: 'member',
  signInMessage: 'signInForMembership',
  async handle({ caller }) {
    return { status: 200, body: { open: (await openGuestPassOf(await getDb(), caller.userId)) !== undefined } };
  },
});
