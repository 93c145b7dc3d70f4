// GET /api/passes (members): the member's annual passes, newest first, each with its state, end date, whether
// it may be renewed and its visit still to come (decision 0051); and the pass on sale.
import { jsonRoute } from '@/http/route';
import { memberPasses } from '@/modules/passes/member-pass';
import { getCheckoutDeps } from '@/wiring/checkout';

export default jsonRoute({
  method: 'GET',
  access: 'member',
  async handle({ caller }) {
    const { db } = await getCheckoutDeps();
    return { status: 200, body: { passes: await memberPasses(db, caller.userId) } };
  },
});
