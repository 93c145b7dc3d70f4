// POST /api/staff/onsales/stop {id} (managers): cancels an on-sale that has not opened or ends an open one, audited.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { stopOnsale } from '@/modules/onsale/schedule-onsale';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: z.strictObject({ id: z.uuid('onsaleNotFound') }),
  async handle({ body, caller }) {
    return { status: 200, body: await stopOnsale(await getDb(), body.id, { kind: 'staff', userId: caller.userId, email: caller.email }) };
  },
});
