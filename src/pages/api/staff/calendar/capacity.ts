// POST /api/staff/calendar/capacity {optionId, date, time?, capacity: 0..10000 | "reset"} (managers): one
// slot's capacity, or (no time) every slot of the day; never below the places sold or held (409).
import { jsonRoute } from '@/http/route';
import { capacityBody } from '@/http/calendar-bodies';
import { setCapacity } from '@/modules/calendar/set-capacity';
import { getCalendarDeps } from '@/wiring/calendar';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'manager',
  body: capacityBody,
  async handle({ body, caller }) {
    return { status: 200, body: await setCapacity(await getCalendarDeps(), { ...body, by: { kind: 'staff', userId: caller.userId, email: caller.email } }) };
  },
});
