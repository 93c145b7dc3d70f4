// POST /api/ops/today {date?}: the day's slots with capacity, held, sold, admitted and expected
// (npm run ops -- today), as /staff/today shows them. Without a date: today in the attraction's time zone.
import { dayOrToday, optionalDayBody } from '@/http/day-query';
import { jsonRoute } from '@/http/route';
import { dayOverview } from '@/modules/staff/day-overview';
import { getCalendarDeps } from '@/wiring/calendar';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: optionalDayBody,
  async handle({ body }) {
    return { status: 200, body: await dayOverview(await getCalendarDeps(), dayOrToday(body.date)) };
  },
});
