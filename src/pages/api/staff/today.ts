// GET /api/staff/today?date=yyyy-MM-dd: each slot of the day with capacity, held, sold, admitted and
// expected (staff). Without a date: today in the attraction's time zone.
import { z } from 'zod';
import { ATTRACTION } from '@/config/attraction';
import { jsonRoute } from '@/http/route';
import { dayOverview } from '@/modules/staff/day-overview';
import { getDb } from '@/server/db/client';
import { isLocalDate, todayIn } from '@/universal/local-date';
import { getSupplier } from '@/wiring/supplier';

const query = z.object({ date: z.string().refine(isLocalDate, 'dateFormat').optional() });

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req }) {
    const { date } = query.parse(req.query);
    return { status: 200, body: await dayOverview(await getDb(), await getSupplier(), date ?? todayIn(ATTRACTION.timeZone)) };
  },
});
