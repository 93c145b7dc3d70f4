// POST /api/staff/gate/scan {code, gate, admit?}: the verdict on a scanned or typed code; a valid ticket
// is admitted at once, a booking reference shows its party (admit: the tickets chosen) (staff).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { scanTicket } from '@/modules/gate/scan-ticket';
import { getGateDeps } from '@/wiring/gate';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'staff',
  body: z.strictObject({
    code: z.string().trim().min(1, 'fieldRequired').max(400, 'fieldTooLong'),
    gate: z.string().trim().min(1).max(40).default('gate'),
    admit: z.array(z.string().trim().min(1).max(40)).max(100).optional(),
  }),
  async handle({ body, caller }) {
    const by = { kind: 'staff' as const, userId: caller.userId, email: caller.email };
    return { status: 200, body: await scanTicket(await getGateDeps(), { code: body.code, gate: body.gate, admit: body.admit, by }) };
  },
});
