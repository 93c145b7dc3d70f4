// POST /api/staff/calendar/close {date, reason} (managers): no new sales on the day; its bookings stay valid.
import { jsonRoute } from '@/http/route';
import { closeDayBody } from '@/http/calendar-bodies';
import { closeDay } from '@/modules/calendar/close-day';
import { getCalendarDeps } from '@/wiring/calendar';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: closeDayBody,
  async handle({ body, caller }) {
    return { status: 200, body: await closeDay(await getCalendarDeps(), { ...body, by: { kind: 'staff', userId: caller.userId, email: caller.email } }) };
  },
});
