// POST /api/staff/till/close {countedCents}: closes the caller's till shift with the cash counted out; answers
// expected, counted and the difference (decision 0053).
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { closeShift } from '@/modules/box-office/till';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'boxoffice',
  body: z.strictObject({ countedCents: z.number().int().min(0).max(100_000_000) }),
  async handle({ caller, body }) {
    return { status: 200, body: { shift: await closeShift(await getDb(), caller, { countedCents: body.countedCents }) } };
  },
});
