// GET /api/staff/today?date=yyyy-MM-dd: each slot of the day with capacity, held, sold, admitted and
// expected (staff). Without a date: today in the attraction's time zone.
// occupancy: {inside, limit}: the people on the deck now (today, whatever the date asked).
import { dayOrToday, optionalDay } from '@/http/day-query';
import { jsonRoute } from '@/http/route';
import { dayOverview } from '@/modules/staff/day-overview';
import { getCalendarDeps } from '@/wiring/calendar';

export default jsonRoute({
  method: 'GET',
  access: 'staff',
  async handle({ req }) {
    const { date } = optionalDay.parse(req.query);
    return { status: 200, body: await dayOverview(await getCalendarDeps(), dayOrToday(date)) };
  },
});
