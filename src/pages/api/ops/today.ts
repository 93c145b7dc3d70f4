// POST /api/ops/today {date?}: the day's slots with capacity, held, sold, admitted and expected
// (npm run ops -- today), as /staff/today shows them. Without a date: today in the attraction's time zone.
import { z } from 'zod';
import { ATTRACTION } from '@/config/attraction';
import { jsonRoute } from '@/http/route';
import { dayOverview } from '@/modules/staff/day-overview';
import { getDb } from '@/server/db/client';
import { isLocalDate, todayIn } from '@/universal/local-date';
import { getSupplier } from '@/wiring/supplier';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: z.strictObject({ date: z.string().refine(isLocalDate, 'dateFormat').optional() }),
  async handle({ body }) {
    return { status: 200, body: await dayOverview(await getDb(), await getSupplier(), body.date ?? todayIn(ATTRACTION.timeZone)) };
  },
});
