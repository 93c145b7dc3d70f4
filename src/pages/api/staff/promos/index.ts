// POST /api/staff/promos {code, kind, value, ...} (managers): a new promo code, audited (decision 0049).
import { jsonRoute } from '@/http/route';
import { createPromo } from '@/modules/promos/manage-promos';
import { promoBody } from '@/modules/promos/promo-body';
import { serverNow } from '@/server/clock';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: promoBody,
  async handle({ body, caller }) {
    return { status: 201, body: await createPromo(await getDb(), body, { kind: 'staff', userId: caller.userId, email: caller.email }, serverNow()) };
  },
});
