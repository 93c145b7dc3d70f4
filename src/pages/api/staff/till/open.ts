// POST /api/staff/till/open {floatCents}: opens the caller's till shift with the float counted in (decision 0053).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { openShift } from '@/modules/box-office/till';
import { CATALOG } from '@/config/catalog';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'boxoffice',
  body: z.strictObject({ floatCents: z.number().int().min(0).max(100_000_000) }),
  async handle({ caller, body }) {
    return { status: 201, body: { shift: await openShift(await getDb(), caller, { floatCents: body.floatCents, currency: CATALOG.currency }) } };
  },
});
