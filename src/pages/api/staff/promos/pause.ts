// POST /api/staff/promos/pause {code, paused} (managers): pauses or resumes a promo code, audited.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { setPromoPaused } from '@/modules/promos/manage-promos';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: z.strictObject({ code: z.string('promoUnknown').max(40, 'promoUnknown'), paused: z.boolean() }),
  async handle({ body, caller }) {
    return { status: 200, body: await setPromoPaused(await getDb(), { ...body, by: { kind: 'staff', userId: caller.userId, email: caller.email } }) };
  },
});
