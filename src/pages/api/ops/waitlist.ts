// POST /api/ops/waitlist {date?}: the day's waitlists per slot (npm run ops -- waitlist), as staff see them.
import { dayOrToday, optionalDayBody } from '@/http/day-query';
import { jsonRoute } from '@/http/route';
import { waitlistOfDay } from '@/modules/waitlist/staff-waitlist';
import { getDb } from '@/server/db/client';

export const config = { api: { bodyParser: false } };

export default jsonRoute({
  method: 'POST',
  access: 'operator',
  body: optionalDayBody,
  async handle({ body }) {
    return { status: 200, body: { slots: await waitlistOfDay(await getDb(), dayOrToday(body.date)) } };
  },
});
