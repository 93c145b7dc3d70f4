// POST /api/staff/gate/undo {ticket}: takes back an admission of the last few minutes (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { undoAdmission } from '@/modules/gate/scan-ticket';
import { getGateDeps } from '@/wiring/gate';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'staff',
  body: z.strictObject({ ticket: z.string().trim().min(4).max(40) }),
  async handle({ body, caller }) {
    const booking = await undoAdmission(await getGateDeps(), { ticket: body.ticket, by: { kind: 'staff', userId: caller.userId, email: caller.email } });
    return { status: 200, body: { booking } };
  },
});
