// POST /api/ops/calendar/close {date, reason} (the operator's key: npm run ops -- close-day): no new sales on the day; its bookings stay valid.
import { jsonRoute } from '@/http/route';
import { closeDayBody } from '@/http/calendar-bodies';
import { closeDay } from '@/modules/calendar/close-day';
import { getCalendarDeps } from '@/wiring/calendar';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: closeDayBody,
  async handle({ body }) {
    return { status: 200, body: await closeDay(await getCalendarDeps(), { ...body, by: { kind: 'operator' } }) };
  },
});
