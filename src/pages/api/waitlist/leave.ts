// POST /api/waitlist/leave {entryId}: the member leaves a waitlist; places offered to them go to the next in line.
import { jsonRoute } from '@/http/route';
import { leaveWaitlist } from '@/modules/waitlist/leave-waitlist';
import { leaveRequest } from '@/modules/waitlist/waitlist-request';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'member',
  signInMessage: 'signInForWaitlist',
  body: leaveRequest,
  validationStatus: 400,
  async handle({ caller, body }) {
    return { status: 200, body: await leaveWaitlist(await getCheckoutDeps(), caller, body.entryId) };
  },
});
