// POST /api/staff/calendar/open {date} (managers): a day closed by a manager is on sale again.
import { jsonRoute } from '@/http/route';
import { openDayBody } from '@/http/calendar-bodies';
import { openDay } from '@/modules/calendar/open-day';
import { getCalendarDeps } from '@/wiring/calendar';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: openDayBody,
  async handle({ body, caller }) {
    return { status: 200, body: await openDay(await getCalendarDeps(), { ...body, by: { kind: 'staff', userId: caller.userId, email: caller.email } }) };
  },
});
