// GET /api/staff/calendar/day?date=yyyy-MM-dd (managers): the day, its bookings, every slot's capacity.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { calendarDay } from '@/modules/calendar/day-view';
import { isLocalDate } from '@/universal/local-date';
import { getCalendarDeps } from '@/wiring/calendar';

const query = z.object({ date: z.string('dateFormat').refine(isLocalDate, 'dateFormat') });

export default jsonRoute({
  method: 'GET',
  access: 'manager',
  validationStatus: 400,
  async handle({ req }) {
    const { date } = query.parse(req.query);
    return { status: 200, body: await calendarDay(await getCalendarDeps(), date) };
  },
});
