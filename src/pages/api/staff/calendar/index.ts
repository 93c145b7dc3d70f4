// GET /api/staff/calendar?month=yyyy-MM (managers): each day of the month, open or closed with its
// reason, and per option the capacity and places sold or held.
import { z } from 'zod';
import { jsonRoute } from '@/http/route';
import { calendarMonth } from '@/modules/calendar/month-view';
import { getCalendarDeps } from '@/wiring/calendar';

const query = z.object({ month: z.string('monthFormat').regex(/^\d{4}-\d{2}$/, 'monthFormat') });

export default jsonRoute({
  method: 'GET',
  access: 'manager',
  validationStatus: 400,
  async handle({ req }) {
    const { month } = query.parse(req.query);
    return { status: 200, body: await calendarMonth(await getCalendarDeps(), month) };
  },
});
