// POST /api/passes/claim {code} (members): a gifted annual pass becomes the signed-in member's, its year
// starting today (decision 0051).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { claimPass } from '@/modules/passes/claim-pass';
import { memberPassView } from '@/modules/passes/member-pass';
import { getCheckoutDeps } from '@/wiring/checkout';

export const config = { api: { bodyParser: false } };

const body = z.strictObject({ code: z.string().trim().min(1).max(40) });

export default jsonRoute({
  method: 'POST',
  access: 'member',
  body,
  validationStatus: 400,
  async handle({ caller, body }) {
    const { db } = await getCheckoutDeps();
    const pass = await claimPass(db, caller, body.code);
    return { status: 200, body: { pass: await memberPassView(db, caller.userId, pass.id) } };
  },
});
