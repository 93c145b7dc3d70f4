// POST /api/staff/gate/addon {reference, addonId}: marks a booking's add-on handed out (staff; audited; idempotent).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { handOutAddon } from '@/modules/gate/hand-out-addon';
import { getGateDeps } from '@/wiring/gate';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'staff',
  body: z.strictObject({ reference: z.string().trim().min(4).max(40), addonId: z.string().trim().min(1).max(60) }),
  async handle({ body, caller }) {
    const booking = await handOutAddon(await getGateDeps(), { reference: body.reference, addonId: body.addonId, by: { kind: 'staff', userId: caller.userId, email: caller.email } });
    return { status: 200, body: { booking } };
  },
});
