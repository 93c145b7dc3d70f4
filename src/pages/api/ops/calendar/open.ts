// POST /api/ops/calendar/open {date} (the operator's key): a day closed by a manager is on sale again.
import { jsonRoute } from '@/http/route';
import { openDayBody } from '@/http/calendar-bodies';
import { openDay } from '@/modules/calendar/open-day';
import { getCalendarDeps } from '@/wiring/calendar';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: openDayBody,
  async handle({ body }) {
    return { status: 200, body: await openDay(await getCalendarDeps(), { ...body, by: { kind: 'operator' } }) };
  },
});
